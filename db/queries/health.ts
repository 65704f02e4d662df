import { and, asc, between, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../client";
import { type HealthDataType, healthDaySummaries, healthEntries } from "../schema";
import { newId } from "../schema/columns";
import { queryPrepared } from "./workouts";

export type HealthEntryRow = typeof healthEntries.$inferSelect;
export type HealthEntryInsert = typeof healthEntries.$inferInsert;
export type DaySummaryRow = typeof healthDaySummaries.$inferSelect;

/**
 * Serializes insight writes of one member inside the caller's transaction, so a batch reads the
 * entries it merges with and recomputes days without racing a concurrent batch.
 */
export async function lockMemberInsights(db: Tx, endUserId: string): Promise<void> {
  await queryPrepared(db, sql`select pg_advisory_xact_lock(hashtextextended(${`insights:${endUserId}`}, 0))`);
}

/**
 * The same lock for several members at once (one statement), taken in id order so that two
 * transactions locking overlapping sets of members cannot deadlock.
 */
export async function lockMembersInsights(db: Tx, endUserIds: string[]): Promise<void> {
  const ids = [...new Set(endUserIds)].sort();
  if (ids.length === 1) return lockMemberInsights(db, ids[0]!);
  await queryPrepared(db, sql`select count(pg_advisory_xact_lock(hashtextextended('insights:' || k.id, 0))) from jsonb_array_elements_text(${asJson(ids)}::jsonb) as k(id)`);
}

/** Batch inputs travel as one jsonb parameter, so each statement's text (and its prepared plan) is the same for any batch size. */
const asJson = (v: unknown) => JSON.stringify(v);

/** Some days of each of some members, as one jsonb parameter: `(end_user_id, local_date) in (...)`. */
export interface MemberDays {
  endUserId: string;
  days: string[];
}
export const inMemberDays = (userColumn: AnyPgColumn, dayColumn: AnyPgColumn, sets: MemberDays[]) =>
  sql`(${userColumn}, ${dayColumn}) in (select k.u, d::date from jsonb_to_recordset(${asJson(sets.map((s) => ({ u: s.endUserId, days: s.days })))}::jsonb) as k(u text, days jsonb), jsonb_array_elements_text(k.days) as d)`;

export async function findHealthEntriesByKeys(db: Tx, endUserId: string, keys: { dataType: HealthDataType; externalId: string }[]): Promise<HealthEntryRow[]> {
  return findMembersHealthEntries(
    db,
    keys.map((k) => ({ endUserId, ...k })),
  );
}

/** The entries of some (member, dataType, externalId) keys, of any members. */
export async function findMembersHealthEntries(db: Tx, keys: { endUserId: string; dataType: HealthDataType; externalId: string }[]): Promise<HealthEntryRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(healthEntries)
    .where(
      sql`(${healthEntries.endUserId}, ${healthEntries.dataType}, ${healthEntries.externalId}) in (select k.u, k.data_type, k.external_id from jsonb_to_recordset(${asJson(keys.map((k) => ({ u: k.endUserId, data_type: k.dataType, external_id: k.externalId })))}::jsonb) as k(u text, data_type text, external_id text))`,
    )
    .prepare("health_entries_by_keys")
    .execute();
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
  const records = rows.map((r) => ({
    id: r.id ?? newId(),
    organization_id: r.organizationId,
    end_user_id: r.endUserId,
    data_type: r.dataType,
    external_id: r.externalId,
    source: r.source,
    recorded_at: r.recordedAt.toISOString(),
    local_date: r.localDate,
    values: r.values,
    value_sources: r.valueSources ?? {},
    pushed: r.pushed ?? null,
    synced: r.synced ?? null,
  }));
  await queryPrepared(
    db,
    sql`
    insert into health_entries (id, organization_id, end_user_id, data_type, external_id, source, recorded_at, local_date, "values", value_sources, pushed, synced)
    select id, organization_id, end_user_id, data_type, external_id, source, recorded_at, local_date, "values", value_sources,
      nullif(pushed, 'null'::jsonb), nullif(synced, 'null'::jsonb)
    from jsonb_to_recordset(${asJson(records)}::jsonb) as r(id text, organization_id text, end_user_id text, data_type text, external_id text, source text,
      recorded_at timestamptz, local_date date, "values" jsonb, value_sources jsonb, pushed jsonb, synced jsonb)
    on conflict (end_user_id, data_type, external_id) do update set
      source = excluded.source, recorded_at = excluded.recorded_at, local_date = excluded.local_date, "values" = excluded."values",
      value_sources = excluded.value_sources, pushed = excluded.pushed, synced = excluded.synced, updated_at = now()
  `,
  );
}

export async function deleteHealthEntry(db: Tx, id: string): Promise<void> {
  await db.delete(healthEntries).where(eq(healthEntries.id, id));
}

export async function updateHealthEntry(db: Tx, id: string, patch: Partial<Omit<HealthEntryInsert, "id">>): Promise<void> {
  await db.update(healthEntries).set(patch).where(eq(healthEntries.id, id));
}

/** The entries of some member-local days, with only what a day summary needs. */
export function listHealthEntriesForDays(db: Tx, endUserId: string, days: string[]) {
  return listMembersHealthEntriesForDays(db, [{ endUserId, days }]);
}

/** The same for some days of each of some members. */
export async function listMembersHealthEntriesForDays(db: Tx, sets: MemberDays[]) {
  if (!sets.some((s) => s.days.length)) return [];
  return db
    .select({
      endUserId: healthEntries.endUserId,
      dataType: healthEntries.dataType,
      externalId: healthEntries.externalId,
      recordedAt: healthEntries.recordedAt,
      localDate: healthEntries.localDate,
      values: healthEntries.values,
      valueSources: healthEntries.valueSources,
    })
    .from(healthEntries)
    .where(inMemberDays(healthEntries.endUserId, healthEntries.localDate, sets))
    .prepare("health_entries_of_days")
    .execute();
}

/** Writes recomputed days; every write takes a fresh revision from insight_revision_seq. */
export async function upsertDaySummaries(db: Tx, rows: Omit<typeof healthDaySummaries.$inferInsert, "revision" | "updatedAt">[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    end_user_id: r.endUserId,
    local_date: r.localDate,
    organization_id: r.organizationId,
    values: r.values,
    sources: r.sources,
    activities: r.activities,
    entry_counts: r.entryCounts,
  }));
  await queryPrepared(
    db,
    sql`
    insert into health_day_summaries (end_user_id, local_date, organization_id, "values", sources, activities, entry_counts)
    select end_user_id, local_date, organization_id, "values", sources, activities, entry_counts
    from jsonb_to_recordset(${asJson(records)}::jsonb) as r(end_user_id text, local_date date, organization_id text, "values" jsonb, sources jsonb, activities jsonb, entry_counts jsonb)
    on conflict (end_user_id, local_date) do update set
      "values" = excluded."values", sources = excluded.sources, activities = excluded.activities, entry_counts = excluded.entry_counts,
      revision = nextval('insight_revision_seq'), updated_at = now()
  `,
  );
}

/** Drops the day summaries of some days of each of some members (days left without data). */
export async function deleteMembersDaySummaries(db: Tx, sets: MemberDays[]): Promise<void> {
  if (!sets.some((s) => s.days.length)) return;
  await db.delete(healthDaySummaries).where(inMemberDays(healthDaySummaries.endUserId, healthDaySummaries.localDate, sets)).prepare("health_day_summaries_delete").execute();
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
