import { eq } from "drizzle-orm";
import type { Tx } from "../client";
import { type Entitlements, type SubscriptionPlan, organizations } from "../schema";

export interface OrganizationLimits {
  id: string;
  subscriptionPlan: SubscriptionPlan;
  isTrial: boolean;
  hourlyCap: number | null;
  dailyCap: number | null;
  entitlements: Entitlements;
}

export async function findOrganizationLimits(db: Tx, id: string): Promise<OrganizationLimits | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      subscriptionPlan: organizations.subscriptionPlan,
      isTrial: organizations.isTrial,
      hourlyCap: organizations.hourlyCap,
      dailyCap: organizations.dailyCap,
      entitlements: organizations.entitlements,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}

export async function getOrganization(db: Tx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

export type NewOrganization = typeof organizations.$inferInsert;

export async function insertOrganization(db: Tx, row: NewOrganization): Promise<string> {
  const [created] = await db.insert(organizations).values(row).returning({ id: organizations.id });
  return created!.id;
}
