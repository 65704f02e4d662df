import type { Db } from "@/db/client";
import { resolveInsightsMember } from "./resolve-member";
import {
  type HealthEntryInsert,
  type HealthEntryRow,
  findHealthEntriesByKeys,
  listHealthEntriesForDays,
  lockMemberInsights,
  upsertHealthEntries,
} from "@/db/queries/health";
import { listNutritionForDays } from "@/db/queries/nutrition";
import type { HealthDataType, HealthSource, HealthWrite } from "@/db/schema";
import { BACKFILL_DAYS, EntryRejection, FUTURE_SKEW_MS, checkExternalId, normalizeValues, parseDateTime } from "./health-fields";
import { addDays, localDateOf, safeTimeZone } from "./local-date";
import { writeDaySummaries } from "./recompute-days";
import { KeyedBatcher } from "./keyed-batcher";

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
 * Concurrent batches of one member are written together: while one transaction of a member runs,
 * the batches that arrive wait and then go in the next transaction as one (in arrival order, so a
 * later batch's entries win over an earlier one's, exactly as if they had run one after another).
 * A member pushing from 50 connections costs a few transactions instead of 50 that would queue
 * on the member's lock holding pool connections. Across processes the member lock still orders
 * the transactions.
 */
const memberWrites = new KeyedBatcher<PendingBatch, HealthEntryResult[]>({ maxBatch: 25 });

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
    for (const r of await memberWrites.run(member.id, { member, accepted, source }, (batches) => writeBatches(db, batches))) results[r.index] = r;
  }

  const count = (s: HealthEntryResult["status"]) => results.filter((r) => r.status === s).length;
  return { results, summary: { received: entries.length, created: count("created"), updated: count("updated"), failed: count("rejected") } };
}

/**
 * Writes the accepted entries of one or more batches of one member in one transaction: one upsert
 * for all of them, the affected days recomputed once, the digests depending on them invalidated.
 * Answers each batch's per-entry results.
 */
async function writeBatches(db: Db, batches: PendingBatch[]): Promise<HealthEntryResult[][]> {
  const { member } = batches[0]!;
  return db.transaction(async (tx) => {
    const keyOf = (k: { dataType: string; externalId: string }) => `${k.dataType}\u0000${k.externalId}`;
    const all = batches.flatMap((b) => b.accepted);
    const uniqueKeys = new Map(all.map((a) => [keyOf(a), { dataType: a.dataType, externalId: a.externalId }]));
    const batchDays = [...new Set(all.map((a) => a.write.localDate))];
    // One round trip: the lock runs first on the connection, so the reads that follow see every committed batch.
    const [, found, dayEntries, dayMeals] = await Promise.all([
      lockMemberInsights(tx, member.id),
      findHealthEntriesByKeys(tx, member.id, [...uniqueKeys.values()]),
      listHealthEntriesForDays(tx, member.id, batchDays),
      listNutritionForDays(tx, member.id, batchDays),
    ]);
    const existing = new Map<string, HealthEntryRow>(found.map((r) => [keyOf(r), r]));
    const rows = new Map<string, HealthEntryInsert>();
    const out = batches.map((batch) =>
      batch.accepted.map((a): HealthEntryResult => {
        const key = keyOf(a);
        const current = rows.get(key) ?? existing.get(key) ?? null;
        const pushed = batch.source === "api" ? a.write : (current?.pushed ?? null);
        const synced = batch.source === "wearable" ? a.write : (current?.synced ?? null);
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

    // The affected days as they will be after the write: their stored entries with these rows in place
    // (entries that move to another day also change the day they leave, which may need reading first).
    const leftDays = [...new Set(found.map((r) => r.localDate))].filter((d) => !batchDays.includes(d));
    const [leftEntries, leftMeals] = leftDays.length
      ? await Promise.all([listHealthEntriesForDays(tx, member.id, leftDays), listNutritionForDays(tx, member.id, leftDays)])
      : [[], []];
    const after = new Map([...dayEntries, ...leftEntries].map((e) => [keyOf(e), e]));
    for (const [key, row] of rows) after.set(key, { ...row, valueSources: row.valueSources ?? {} });

    await Promise.all([
      upsertHealthEntries(tx, [...rows.values()]),
      writeDaySummaries(tx, member, [...batchDays, ...leftDays], [...after.values()], [...dayMeals, ...leftMeals]),
    ]);
    return out;
  });
}

/** POST health-data: the member named in the path (404 when unknown or suspended), then the batch. */
export async function pushMemberHealthData(db: Db, organizationId: string, identifier: string, entries: HealthEntryInput[]) {
  return ingestHealthEntries(db, await resolveInsightsMember(db, organizationId, identifier), entries, "api");
}
