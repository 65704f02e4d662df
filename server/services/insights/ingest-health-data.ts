import { type Db, type Tx, poolOf } from "@/db/client";
import { resolveInsightsMember } from "./resolve-member";
import {
  type HealthEntryInsert,
  type StoredHealthEntry,
  findMembersHealthEntries,
  listMembersHealthEntriesForDays,
  listMembersHealthEntriesForWrite,
  lockMembersInsights,
  upsertHealthEntries,
} from "@/db/queries/health";
import { listMembersNutritionForDays } from "@/db/queries/nutrition";
import type { HealthDataType, HealthSource, HealthWrite } from "@/db/schema";
import { GroupCommitter } from "./group-committer";
import { BACKFILL_DAYS, EntryRejection, FUTURE_SKEW_MS, checkExternalId, normalizeValues, parseDateTime } from "./health-fields";
import { addDays, localDateOf, safeTimeZone } from "./local-date";
import { type DayEntry, groupBy, writeMembersDaySummaries } from "./recompute-days";

export interface InsightsMember {
  id: string;
  organizationId: string;
  timeZone: string;
}

/** One entry as the request schema delivers it: the common fields plus its type's value fields. */
export type HealthEntryInput = { dataType: HealthDataType; externalId?: string; recordedAt: string } & Record<string, unknown>;

export interface HealthEntryResult {
  index: number;
  dataType: HealthDataType;
  externalId: string | null;
  status: "created" | "updated" | "rejected";
  reason?: string;
  localDate?: string;
}

export interface HealthIngestResult {
  results: HealthEntryResult[];
  summary: { received: number; created: number; updated: number; failed: number };
}

interface Accepted {
  index: number;
  dataType: HealthDataType;
  externalId: string;
  write: HealthWrite;
}

/** Effective entry state from the two sources' last writes: pushed values win field by field. */
export function mergeWrites(pushed: HealthWrite | null, synced: HealthWrite | null) {
  const lead = pushed ?? synced;
  if (!lead) throw new Error("an entry needs at least one write");
  const valueSources: Record<string, HealthSource> = {};
  for (const k of Object.keys(synced?.values ?? {})) valueSources[k] = "wearable";
  for (const k of Object.keys(pushed?.values ?? {})) valueSources[k] = "api";
  return {
    source: (pushed ? "api" : "wearable") as HealthSource,
    recordedAt: new Date(lead.recordedAt),
    localDate: lead.localDate,
    values: { ...synced?.values, ...pushed?.values },
    valueSources,
    pushed,
    synced,
  };
}

interface PendingBatch {
  member: InsightsMember;
  accepted: Accepted[];
  source: HealthSource;
}

/**
 * Batches are written by group commit: while transactions run, the batches that arrive (of any
 * members) wait and then go in the next transaction together, in arrival order (so a member's
 * later batch wins over its earlier one, exactly as if they had run one after another), with at
 * most one transaction per member in the air. 50 connections pushing, for one member or for 50,
 * cost a few transactions instead of 50 that would queue on locks and pool connections. Across
 * processes the members' locks still order the transactions.
 */
const committers = new WeakMap<Db, GroupCommitter<PendingBatch, HealthEntryResult[]>>();
function committerFor(db: Db): GroupCommitter<PendingBatch, HealthEntryResult[]> {
  let c = committers.get(db);
  if (!c) {
    c = new GroupCommitter((batches) => writeBatches(db, batches), { maxItems: 25, concurrency: 2 });
    committers.set(db, c);
  }
  return c;
}

/**
 * Stores a batch of health entries for one member from one source (`api` for the push
 * endpoint, `wearable` for a device integration). Every entry is checked on its own first
 * (rules, time window, key) so a bad entry is reported and skipped without touching the others;
 * the accepted ones are then written in one transaction: one upsert for the batch, the affected
 * days recomputed, the digests depending on them invalidated. Repeating a key updates the entry;
 * within a batch the later entry wins.
 */
export async function ingestHealthEntries(
  db: Db,
  member: InsightsMember,
  entries: HealthEntryInput[],
  source: HealthSource,
  now = new Date(),
): Promise<HealthIngestResult> {
  const tz = safeTimeZone(member.timeZone);
  const oldest = addDays(localDateOf(now, tz), -BACKFILL_DAYS);
  const results: HealthEntryResult[] = new Array(entries.length);
  const accepted: Accepted[] = [];

  entries.forEach((entry, index) => {
    const { dataType, externalId: given, recordedAt, ...raw } = entry;
    let localDate: string | undefined;
    try {
      if (given !== undefined) checkExternalId(given);
      else if (dataType === "activity") throw new EntryRejection("externalId is required for activity entries.");
      const at = parseDateTime(recordedAt);
      if (!at) throw new EntryRejection("recordedAt must be an ISO 8601 date-time with an offset (e.g. 2025-03-01T07:30:00Z).");
      localDate = localDateOf(at, tz);
      if (at.getTime() > now.getTime() + FUTURE_SKEW_MS) throw new EntryRejection("recordedAt is in the future.");
      if (localDate < oldest) throw new EntryRejection(`recordedAt is more than ${BACKFILL_DAYS} days ago: the oldest accepted day is ${oldest} (${tz}).`);
      const values = normalizeValues(dataType, raw, now);
      if (dataType === "activity" && at.getTime() + (values.durationS as number) * 1000 > now.getTime() + FUTURE_SKEW_MS) {
        throw new EntryRejection("The activity ends in the future: push it once it has finished.");
      }
      accepted.push({ index, dataType, externalId: given ?? `day-${localDate}`, write: { recordedAt: at.toISOString(), localDate, values } });
    } catch (err) {
      if (!(err instanceof EntryRejection)) throw err;
      const externalId = given ?? (localDate && dataType !== "activity" ? `day-${localDate}` : null);
      results[index] = { index, dataType, externalId, status: "rejected", reason: err.message, ...(localDate ? { localDate } : {}) };
    }
  });

  if (accepted.length > 0) {
    const batch = { member, accepted, source };
    // The pool writes through the group commit; a caller's own transaction writes in it directly.
    const written = poolOf(db) ? await committerFor(db).run(member.id, batch) : (await writeBatches(db, [batch]))[0]!;
    for (const r of written) results[r.index] = r;
  }

  const count = (s: HealthEntryResult["status"]) => results.filter((r) => r.status === s).length;
  return { results, summary: { received: entries.length, created: count("created"), updated: count("updated"), failed: count("rejected") } };
}

/**
 * Writes the accepted entries of batches of one or more members in one transaction: the members
 * locked, one read of the entries the batches touch and of the days they change, one upsert for
 * all of them, the affected days recomputed once and the digests depending on them invalidated
 * (three statements for every member together). Answers each batch's per-entry results.
 */
async function writeBatches(db: Tx, batches: PendingBatch[]): Promise<HealthEntryResult[][]> {
  const write = async (tx: Tx) => {
    const keyOf = (k: { dataType: string; externalId: string }) => `${k.dataType}\u0000${k.externalId}`;
    const members = new Map<string, { member: InsightsMember; accepted: Accepted[]; days: string[] }>();
    for (const b of batches) {
      const m = members.get(b.member.id) ?? { member: b.member, accepted: [], days: [] };
      m.accepted.push(...b.accepted);
      members.set(b.member.id, m);
    }
    const keys = [...members.values()].flatMap(({ member, accepted }) => {
      const unique = new Map(accepted.map((a) => [keyOf(a), { endUserId: member.id, dataType: a.dataType, externalId: a.externalId }]));
      return [...unique.values()];
    });
    for (const m of members.values()) m.days = [...new Set(m.accepted.map((a) => a.write.localDate))];
    const daySets = [...members.values()].map((m) => ({ endUserId: m.member.id, days: m.days }));
    // The locks first (awaited: the reads must see every batch committed before them), then the reads together.
    await lockMembersInsights(tx, [...members.keys()]);
    // The days are read whole (with what a write merges with); the keys are probed only for entries on other days.
    const [found, dayEntries, dayMeals] = await Promise.all([
      findMembersHealthEntries(tx, keys, daySets),
      listMembersHealthEntriesForWrite(tx, daySets),
      listMembersNutritionForDays(tx, daySets),
    ]);
    const existing = new Map<string, StoredHealthEntry>();
    for (const r of dayEntries) existing.set(`${r.endUserId}\u0000${keyOf(r)}`, r);
    for (const r of found) existing.set(`${r.endUserId}\u0000${keyOf(r)}`, r);
    const rows = new Map<string, HealthEntryInsert>();
    const out = batches.map(({ member, accepted, source }) =>
      accepted.map((a): HealthEntryResult => {
        const key = `${member.id}\u0000${keyOf(a)}`;
        const current = rows.get(key) ?? existing.get(key) ?? null;
        const pushed = source === "api" ? a.write : (current?.pushed ?? null);
        const synced = source === "wearable" ? a.write : (current?.synced ?? null);
        const merged = mergeWrites(pushed, synced);
        rows.set(key, {
          id: current?.id,
          organizationId: member.organizationId,
          endUserId: member.id,
          dataType: a.dataType,
          externalId: a.externalId,
          ...merged,
        });
        return { index: a.index, dataType: a.dataType, externalId: a.externalId, status: current ? "updated" : "created", localDate: merged.localDate };
      }),
    );

    // The affected days as they will be after the write: their stored entries with these rows in place.
    // Entries that move to another day also change the day they leave: `found` holds only entries off
    // the batch's days, so each of its days is one left, read here.
    const leftDays = new Map<string, Set<string>>();
    for (const r of found) {
      const days = leftDays.get(r.endUserId) ?? new Set<string>();
      leftDays.set(r.endUserId, days.add(r.localDate));
    }
    const left = [...leftDays].map(([endUserId, days]) => ({ endUserId, days: [...days] }));
    const [leftEntries, leftMeals] = left.length ? await Promise.all([listMembersHealthEntriesForDays(tx, left), listMembersNutritionForDays(tx, left)]) : [[], []];
    const entriesOf = new Map<string, Map<string, DayEntry>>();
    const put = (endUserId: string, e: DayEntry) => {
      const m = entriesOf.get(endUserId) ?? new Map<string, DayEntry>();
      entriesOf.set(endUserId, m);
      m.set(keyOf(e), e);
    };
    for (const e of [...dayEntries, ...leftEntries]) put(e.endUserId, e);
    for (const row of rows.values()) put(row.endUserId, { ...row, valueSources: row.valueSources ?? {} });
    const mealsOf = groupBy([...dayMeals, ...leftMeals], (n) => n.endUserId);
    await Promise.all([
      upsertHealthEntries(tx, [...rows.values()]),
      writeMembersDaySummaries(
        tx,
        [...members.values()].map((m) => ({
          member: m.member,
          days: [...m.days, ...(leftDays.get(m.member.id) ?? [])],
          entries: [...(entriesOf.get(m.member.id)?.values() ?? [])],
          meals: mealsOf.get(m.member.id) ?? [],
        })),
      ),
    ]);
    return out;
  };
  return poolOf(db) ? (db as Db).transaction(write) : write(db);
}

/** POST health-data: the member named in the path (404 when unknown or suspended), then the batch. */
export async function pushMemberHealthData(db: Db, organizationId: string, identifier: string, entries: HealthEntryInput[]) {
  return ingestHealthEntries(db, await resolveInsightsMember(db, organizationId, identifier), entries, "api");
}
