import { and, asc, between, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type HealthDataType, healthDaySummaries, healthEntries } from "../schema";

export type HealthEntryRow = typeof healthEntries.$inferSelect;
export type HealthEntryInsert = typeof healthEntries.$inferInsert;
export type DaySummaryRow = typeof healthDaySummaries.$inferSelect;

/**
 * Serializes insight writes of one member inside the caller's transaction, so a batch reads the
 * entries it merges with and recomputes days without racing a concurrent batch.
 */
export async function lockMemberInsights(db: Tx, endUserId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`insights:${endUserId}`}, 0))`);
}

export async function findHealthEntriesByKeys(db: Tx, endUserId: string, keys: { dataType: HealthDataType; externalId: string }[]): Promise<HealthEntryRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(healthEntries)
    .where(and(eq(healthEntries.endUserId, endUserId), or(...keys.map((k) => and(eq(healthEntries.dataType, k.dataType), eq(healthEntries.externalId, k.externalId))))));
}

export async function findHealthEntry(db: Tx, endUserId: string, dataType: HealthDataType, externalId: string): Promise<HealthEntryRow | null> {
  const [row] = await db
    .select()
    .from(healthEntries)
    .where(and(eq(healthEntries.endUserId, endUserId), eq(healthEntries.dataType, dataType), eq(healthEntries.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** Inserts or replaces entries by their key (member, dataType, externalId); one statement for a batch. */
export async function upsertHealthEntries(db: Tx, rows: HealthEntryInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(healthEntries)
    .values(rows)
    .onConflictDoUpdate({
      target: [healthEntries.endUserId, healthEntries.dataType, healthEntries.externalId],
      set: {
        source: sql`excluded.source`,
        recordedAt: sql`excluded.recorded_at`,
        localDate: sql`excluded.local_date`,
        values: sql`excluded.values`,
        valueSources: sql`excluded.value_sources`,
        pushed: sql`excluded.pushed`,
        synced: sql`excluded.synced`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteHealthEntry(db: Tx, id: string): Promise<void> {
  await db.delete(healthEntries).where(eq(healthEntries.id, id));
}

export async function updateHealthEntry(db: Tx, id: string, patch: Partial<Omit<HealthEntryInsert, "id">>): Promise<void> {
  await db.update(healthEntries).set(patch).where(eq(healthEntries.id, id));
}

export async function listHealthEntriesForDays(db: Tx, endUserId: string, days: string[]): Promise<HealthEntryRow[]> {
  if (days.length === 0) return [];
  return db
    .select()
    .from(healthEntries)
    .where(and(eq(healthEntries.endUserId, endUserId), inArray(healthEntries.localDate, days)));
}

/** Writes recomputed days; every write takes a fresh revision from insight_revision_seq. */
export async function upsertDaySummaries(db: Tx, rows: Omit<typeof healthDaySummaries.$inferInsert, "revision" | "updatedAt">[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(healthDaySummaries)
    .values(rows)
    .onConflictDoUpdate({
      target: [healthDaySummaries.endUserId, healthDaySummaries.localDate],
      set: {
        values: sql`excluded.values`,
        sources: sql`excluded.sources`,
        activities: sql`excluded.activities`,
        entryCounts: sql`excluded.entry_counts`,
        revision: sql`nextval('insight_revision_seq')`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteDaySummaries(db: Tx, endUserId: string, days: string[]): Promise<void> {
  if (days.length === 0) return;
  await db.delete(healthDaySummaries).where(and(eq(healthDaySummaries.endUserId, endUserId), inArray(healthDaySummaries.localDate, days)));
}

export async function listDaySummaries(db: Tx, endUserId: string, from: string, to: string): Promise<DaySummaryRow[]> {
  return db
    .select()
    .from(healthDaySummaries)
    .where(and(eq(healthDaySummaries.endUserId, endUserId), between(healthDaySummaries.localDate, from, to)))
    .orderBy(asc(healthDaySummaries.localDate));
}

/** The fingerprint of a set of day summaries as the digest cache compares it (see digests.ts). */
export function daySummariesFingerprint(rows: Pick<DaySummaryRow, "revision">[]): string {
  const max = rows.reduce((m, r) => Math.max(m, r.revision), 0);
  return `s${rows.length}:${rows.length ? max : ""}`;
}
