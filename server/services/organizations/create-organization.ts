import type { Tx } from "@/db/client";
import { insertApiKey } from "@/db/queries/api-keys";
import { insertOrganization } from "@/db/queries/organizations";
import type { ApiKeyKind, Entitlements, SubscriptionPlan } from "@/db/schema";
import { generateApiKey } from "@/server/core/api-keys";

export interface CreateOrganizationInput {
  id?: string;
  name: string;
  subscriptionPlan?: SubscriptionPlan;
  isTrial?: boolean;
  hourlyCap?: number | null;
  dailyCap?: number | null;
  entitlements?: Partial<Entitlements>;
  timeZone?: string;
}

const DEFAULT_ENTITLEMENTS: Entitlements = { stockCatalog: true, premiumStock: true, autopilotMinutesLimit: 600 };

export async function createOrganization(db: Tx, input: CreateOrganizationInput): Promise<string> {
  return insertOrganization(db, {
    ...(input.id ? { id: input.id } : {}),
    name: input.name,
    subscriptionPlan: input.subscriptionPlan ?? "starter",
    isTrial: input.isTrial ?? false,
    hourlyCap: input.hourlyCap ?? null,
    dailyCap: input.dailyCap ?? null,
    entitlements: { ...DEFAULT_ENTITLEMENTS, ...input.entitlements },
    timeZone: input.timeZone ?? "UTC",
    branding: { logoUrl: null, primaryColor: "#0f766e", secondaryColor: "#f59e0b", watermarkUrl: null },
    modules: { workouts: true, plans: true, insights: true, chat: true, cast: true, drops: true, autopilot: true, socialPublish: true },
  });
}

/** Issues a key and returns it in clear text: the only moment it exists outside the caller. */
export async function createApiKey(
  db: Tx,
  args: { organizationId: string; kind: ApiKeyKind; name?: string; extraOrganizationIds?: string[]; expiresAt?: Date | null },
): Promise<{ id: string; key: string }> {
  const { key, prefix, hash } = generateApiKey();
  const id = await insertApiKey(db, { ...args, name: args.name ?? `${args.kind} key`, prefix, hash });
  return { id, key };
}
