import { type SQL, and, asc, between, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type HealthDataType, type HealthSource, type HealthWrite, healthDaySummaries, healthEntries } from "../schema";
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

/**
 * Some days of each of some members. Statements over them read each member's days through its
 * (end_user_id, local_date) index, driven row by row from the jsonb parameter (a LATERAL join):
 * planned as a plain `in (...)`, the planner guesses 10,000 member-days and scans whole tables.
 */
export interface MemberDays {
  endUserId: string;
  days: string[];
}
/** A `from` item yielding `k.u` (a member) and `k.days` (its days, a date[]), one row per member. */
export const memberDaysSource = (sets: MemberDays[]) =>
  sql`jsonb_to_recordset(${asJson(sets.filter((s) => s.days.length).map((s) => ({ u: s.endUserId, days: s.days })))}::jsonb) as j(u text, days jsonb)
    cross join lateral (select j.u, array(select jsonb_array_elements_text(j.days)::date) as days) k`;

/** What a batch write needs of the entries it replaces. */
export interface StoredHealthEntry {
  id: string;
  endUserId: string;
  dataType: HealthDataType;
  externalId: string;
  localDate: string;
  pushed: HealthWrite | null;
  synced: HealthWrite | null;
}

/**
 * The stored entries of some (member, dataType, externalId) keys, of any members: one unique-index
 * probe per key. With `besides`, the entries lying on those days of their member are left out
 * (the caller reads those days whole, with `listMembersHealthEntriesForWrite`).
 */
export async function findMembersHealthEntries(
  db: Tx,
  keys: { endUserId: string; dataType: HealthDataType; externalId: string }[],
  besides: MemberDays[] = [],
): Promise<StoredHealthEntry[]> {
  if (keys.length === 0) return [];
  return queryPrepared<StoredHealthEntry>(
    db,
    sql`with md as materialized (select k.u, k.days from ${memberDaysSource(besides)})
      select e.id, e.end_user_id as "endUserId", e.data_type as "dataType", e.external_id as "externalId", e.local_date::text as "localDate", e.pushed, e.synced
      from jsonb_to_recordset(${asJson(keys.map((k) => ({ u: k.endUserId, t: k.dataType, x: k.externalId })))}::jsonb) as q(u text, t text, x text)
      cross join lateral (select * from health_entries h where h.end_user_id = q.u and h.data_type = q.t and h.external_id = q.x) e
      where not exists (select from md where md.u = q.u and e.local_date = any(md.days))`,
  );
}

export async function findHealthEntry(db: Tx, endUserId: string, dataType: HealthDataType, externalId: string): Promise<HealthEntryRow | null> {
  const [row] = await db
    .select()
    .from(healthEntries)
    .where(and(eq(healthEntries.endUserId, endUserId), eq(healthEntries.dataType, dataType), eq(healthEntries.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/**
 * A source's last write as the upsert sends it: `1` when it is what the entry's own columns hold
 * (the only write of the entry, the common case), which the statement rebuilds from them, so the
 * values do not travel twice.
 */
function compactWrite(w: HealthWrite | null | undefined, recordedAt: string, localDate: string, values: Record<string, unknown>): HealthWrite | 1 | null {
  if (!w) return null;
  if (w.recordedAt !== recordedAt || w.localDate !== localDate) return w;
  const keys = Object.keys(w.values);
  if (keys.length !== Object.keys(values).length) return w;
  for (const k of keys) {
    const v = w.values[k];
    if (v !== values[k] || (typeof v === "object" && v !== null)) return w;
  }
  return 1;
}

/**
 * Inserts or replaces entries by their key (member, dataType, externalId); one statement for a
 * batch. The rows travel grouped by member, each as a positional array (no key names repeated per
 * row): `[endUserId, organizationId, [[id, dataType, externalId, source, recordedAt, localDate,
 * values, valueSources, pushed, synced], ...]]`.
 */
export async function upsertHealthEntries(db: Tx, rows: HealthEntryInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const members = new Map<string, [string, string, unknown[][]]>();
  for (const r of rows) {
    const memberKey = `${r.endUserId}\u0000${r.organizationId}`;
    let m = members.get(memberKey);
    if (!m) {
      m = [r.endUserId, r.organizationId, []];
      members.set(memberKey, m);
    }
    const recordedAt = r.recordedAt.toISOString();
    const values = r.values as Record<string, unknown>;
    m[2].push([
      r.id ?? newId(),
      r.dataType,
      r.externalId,
      r.source,
      recordedAt,
      r.localDate,
      values,
      r.valueSources ?? {},
      compactWrite(r.pushed, recordedAt, r.localDate, values),
      compactWrite(r.synced, recordedAt, r.localDate, values),
    ]);
  }
  await queryPrepared(
    db,
    sql`
    insert into health_entries (id, organization_id, end_user_id, data_type, external_id, source, recorded_at, local_date, "values", value_sources, pushed, synced)
    select e->>0, m->>1, m->>0, e->>1, e->>2, e->>3, (e->>4)::timestamptz, (e->>5)::date, e->6, e->7,
      case jsonb_typeof(e->8) when 'number' then jsonb_build_object('recordedAt', e->4, 'localDate', e->5, 'values', e->6) when 'object' then e->8 end,
      case jsonb_typeof(e->9) when 'number' then jsonb_build_object('recordedAt', e->4, 'localDate', e->5, 'values', e->6) when 'object' then e->9 end
    from jsonb_array_elements(${asJson([...members.values()])}::jsonb) as m
    cross join lateral jsonb_array_elements(m->2) as e
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

export interface DayEntryRow {
  endUserId: string;
  dataType: HealthDataType;
  externalId: string;
  recordedAt: Date;
  localDate: string;
  values: Record<string, unknown>;
  valueSources: Record<string, HealthSource>;
}

/** The same for some days of each of some members. */
export function listMembersHealthEntriesForDays(db: Tx, sets: MemberDays[]): Promise<DayEntryRow[]> {
  return readDayEntries(db, sets, sql``);
}

/**
 * The same with what a batch write merges with (id and the sources' last writes), so a batch
 * reads the days it changes and the entries it replaces on them in one pass.
 */
export function listMembersHealthEntriesForWrite(db: Tx, sets: MemberDays[]): Promise<(DayEntryRow & StoredHealthEntry)[]> {
  return readDayEntries(db, sets, sql`, e.id, e.pushed, e.synced`);
}

async function readDayEntries<T extends DayEntryRow>(db: Tx, sets: MemberDays[], extraColumns: SQL): Promise<T[]> {
  if (!sets.some((s) => s.days.length)) return [];
  const rows = await queryPrepared<Omit<T, "recordedAt"> & { recordedAtMs: number }>(
    db,
    sql`select e.end_user_id as "endUserId", e.data_type as "dataType", e.external_id as "externalId",
        (extract(epoch from e.recorded_at) * 1000)::float8 as "recordedAtMs", e.local_date::text as "localDate", e."values", e.value_sources as "valueSources"${extraColumns}
      from ${memberDaysSource(sets)}
      cross join lateral (select * from health_entries h where h.end_user_id = k.u and h.local_date = any(k.days)) e`,
  );
  return rows.map(({ recordedAtMs, ...r }) => ({ ...r, recordedAt: new Date(recordedAtMs) }) as unknown as T);
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
  await queryPrepared(
    db,
    sql`delete from health_day_summaries where ctid = any(array(
      select s.ctid from ${memberDaysSource(sets)}
      cross join lateral (select ctid from health_day_summaries h where h.end_user_id = k.u and h.local_date = any(k.days)) s))`,
  );
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
