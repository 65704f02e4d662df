import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../client";
import { type ApiKeyKind, apiKeyOrganizations, apiKeys } from "../schema";

export interface ApiKeyRecord {
  id: string;
  kind: ApiKeyKind;
  organizationId: string;
  organizationIds: string[];
  expiresAt: Date | null;
}

/** Looks a key up by its hash; revoked keys do not exist. */
export async function findApiKeyByHash(db: Tx, hash: string): Promise<ApiKeyRecord | null> {
  const [row] = await db
    .select({ id: apiKeys.id, kind: apiKeys.kind, organizationId: apiKeys.organizationId, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const extra =
    row.kind === "multi"
      ? await db.select({ organizationId: apiKeyOrganizations.organizationId }).from(apiKeyOrganizations).where(eq(apiKeyOrganizations.apiKeyId, row.id))
      : [];
  const organizationIds = [...new Set([row.organizationId, ...extra.map((e) => e.organizationId)])];
  return { ...row, organizationIds };
}

export async function touchApiKey(db: Tx, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

export async function insertApiKey(
  db: Tx,
  args: { organizationId: string; kind: ApiKeyKind; name: string; prefix: string; hash: string; extraOrganizationIds?: string[]; expiresAt?: Date | null },
): Promise<string> {
  const [row] = await db
    .insert(apiKeys)
    .values({ organizationId: args.organizationId, kind: args.kind, name: args.name, prefix: args.prefix, hash: args.hash, expiresAt: args.expiresAt ?? null })
    .returning({ id: apiKeys.id });
  const id = row!.id;
  if (args.extraOrganizationIds?.length) {
    await db.insert(apiKeyOrganizations).values(args.extraOrganizationIds.map((organizationId) => ({ apiKeyId: id, organizationId })));
  }
  return id;
}
