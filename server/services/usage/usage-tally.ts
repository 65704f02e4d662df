import { getDb } from "@/db/client";
import { type UsageIncrement, addUsage } from "@/db/queries/usage";
import type { Caller } from "@/server/core/caller";
import { log } from "@/server/core/log";

/**
 * Usage counting off the hot path: every admitted request adds its weight to an in-memory tally
 * (one Map update), and the tally is flushed every FLUSH_MS into hourly bucket rows with one
 * additive upsert. The usage endpoint flushes this process's tally before it reads, so a single
 * instance reads exact figures; other instances' requests show up within FLUSH_MS. A hard kill
 * loses at most FLUSH_MS of counts (usage is informational; the rate limits count separately).
 */
export const FLUSH_MS = 5000;

interface Tally {
  cells: Map<string, UsageIncrement>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  /** Bumped when `cells` is taken for a flush: remembered cells of an older generation are gone. */
  generation: number;
  /** The cell of each subject and operation for the current hour and generation (no key string per request). */
  recent: Map<string, Map<string, { hour: number; generation: number; cell: UsageIncrement }>>;
}

// On globalThis: the direct API path and Next's bundle load this module separately in one process.
const holder = globalThis as unknown as { __formaUsageTally?: Tally };
const tally = (): Tally => {
  holder.__formaUsageTally ??= { cells: new Map(), timer: null, flushing: null, generation: 0, recent: new Map() };
  return holder.__formaUsageTally;
};

/** Start of the UTC hour of `ms`. */
export function hourOf(ms: number): number {
  return ms - (ms % 3_600_000);
}

/** Counts one admitted request of `operationId` costing `units` against the caller's organization. */
export function tallyUsage(caller: Caller, operationId: string, units: number): void {
  const t = tally();
  const hour = hourOf(Date.now());
  const subject = caller.rateLimitSubject;
  let byOperation = t.recent.get(subject);
  const seen = byOperation?.get(operationId);
  if (seen && seen.hour === hour && seen.generation === t.generation && seen.cell.organizationId === caller.limits.id) {
    seen.cell.units += units;
    seen.cell.requests += 1;
    return;
  }
  const id = `${hour}|${caller.limits.id}|${subject}|${operationId}`;
  let cell = t.cells.get(id);
  if (cell) {
    cell.units += units;
    cell.requests += 1;
  } else {
    cell = {
      organizationId: caller.limits.id,
      hour: new Date(hour),
      subject,
      apiKeyId: caller.apiKey?.id ?? null,
      operationId,
      units,
      requests: 1,
    };
    t.cells.set(id, cell);
  }
  if (!byOperation) {
    if (t.recent.size > 10_000) t.recent.clear();
    byOperation = new Map();
    t.recent.set(subject, byOperation);
  }
  byOperation.set(operationId, { hour, generation: t.generation, cell });
  if (!t.timer) {
    t.timer = setInterval(() => void flushUsageTally(), FLUSH_MS);
    t.timer.unref();
  }
}

/** Writes the tally to the hourly buckets now (the usage read, shutdown, tests). */
export async function flushUsageTally(): Promise<void> {
  const t = tally();
  if (t.flushing) await t.flushing;
  if (t.cells.size === 0) return;
  const rows = [...t.cells.values()];
  t.cells = new Map();
  t.generation++;
  t.flushing = addUsage(getDb(), rows)
    .catch((err) => {
      // Keep the counts for the next flush.
      for (const r of rows) {
        const id = `${r.hour.getTime()}|${r.organizationId}|${r.subject}|${r.operationId}`;
        const cell = t.cells.get(id);
        if (cell) {
          cell.units += r.units;
          cell.requests += r.requests;
        } else t.cells.set(id, r);
      }
      log("warn", "usage flush failed; retrying with the next flush", { err: err instanceof Error ? err.message : String(err) });
    })
    .finally(() => {
      t.flushing = null;
    });
  await t.flushing;
}

/**
 * Reads usage with this process's counts not yet flushed added, without a write: `read` queries the
 * flushed rows, then `add` gets each unflushed cell of `organizationId`. A flush that started while
 * `read` ran may or may not be in what it read, so the read is repeated once that flush is done
 * (once per FLUSH_MS at most). Exact for one instance; other instances' counts follow within
 * FLUSH_MS, as for the usage endpoint.
 */
export async function readWithPendingUsage<T>(organizationId: string, read: () => Promise<T>, add: (rows: T, cell: UsageIncrement) => void): Promise<T> {
  const t = tally();
  if (t.flushing) await t.flushing;
  let generation = t.generation;
  let rows = await read();
  for (let tries = 0; tries < 3 && (generation !== t.generation || t.flushing); tries++) {
    if (t.flushing) await t.flushing;
    generation = t.generation;
    rows = await read();
  }
  for (const cell of t.cells.values()) if (cell.organizationId === organizationId) add(rows, cell);
  return rows;
}
