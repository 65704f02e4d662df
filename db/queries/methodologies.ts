import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { generations, methodologyProfiles, organizations } from "../schema";

export type MethodologyRow = typeof methodologyProfiles.$inferSelect;
export type NewMethodology = typeof methodologyProfiles.$inferInsert;

/** Every profile of the workspace (team and personal, active or not), team defaults first, then by name. */
export async function listWorkspaceMethodologies(db: Tx, organizationId: string, limit: number, offset: number) {
  const where = eq(methodologyProfiles.organizationId, organizationId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(methodologyProfiles)
      .where(where)
      .orderBy(desc(methodologyProfiles.isTeamDefault), methodologyProfiles.name, methodologyProfiles.id)
      .limit(limit)
      .offset(offset),
    db.$count(methodologyProfiles, where),
  ]);
  return { rows, total };
}

/**
 * Serializes profile writes of one workspace (count-then-insert of the 10-profile limit, the single
 * team default) by locking its organization row for the transaction.
 */
export async function lockOrganization(db: Tx, organizationId: string): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("update");
  return rows.length > 0;
}

export function countWorkspaceMethodologies(db: Tx, organizationId: string): Promise<number> {
  return db.$count(methodologyProfiles, eq(methodologyProfiles.organizationId, organizationId));
}

export async function insertMethodology(db: Tx, row: NewMethodology): Promise<MethodologyRow> {
  const [inserted] = await db.insert(methodologyProfiles).values(row).returning();
  return inserted!;
}

export async function updateMethodology(db: Tx, organizationId: string, id: string, patch: Partial<NewMethodology>): Promise<MethodologyRow | null> {
  const [row] = await db
    .update(methodologyProfiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(methodologyProfiles.id, id), eq(methodologyProfiles.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

/** Clears the team-default flag on every other profile of the workspace. */
export async function clearTeamDefault(db: Tx, organizationId: string, exceptId: string): Promise<void> {
  await db
    .update(methodologyProfiles)
    .set({ isTeamDefault: false, updatedAt: new Date() })
    .where(and(eq(methodologyProfiles.organizationId, organizationId), eq(methodologyProfiles.isTeamDefault, true), sql`${methodologyProfiles.id} <> ${exceptId}`));
}

export async function deleteMethodology(db: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(methodologyProfiles)
    .where(and(eq(methodologyProfiles.id, id), eq(methodologyProfiles.organizationId, organizationId)))
    .returning({ id: methodologyProfiles.id });
  return rows.length > 0;
}

/** Generation Inspector snapshots that applied one profile, newest first. */
export async function listGenerationsByMethodology(db: Tx, organizationId: string, methodologyId: string, limit: number, offset: number) {
  const where = and(eq(generations.organizationId, organizationId), sql`${generations.methodology}->>'id' = ${methodologyId}`);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: generations.id,
        kind: generations.kind,
        engine: generations.engine,
        methodology: generations.methodology,
        inspection: generations.inspection,
        createdAt: generations.createdAt,
      })
      .from(generations)
      .where(where)
      .orderBy(desc(generations.createdAt), desc(generations.id))
      .limit(limit)
      .offset(offset),
    db.$count(generations, where),
  ]);
  return { rows, total };
}
