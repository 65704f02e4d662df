import { getSql } from "./client";

/**
 * Database readiness as a state, not a query per request: a probe (`select 1`, at most 2 s) runs
 * at most once a second, concurrent askers share it, and between probes the last result answers.
 * A load balancer polling /health thousands of times a second costs one query a second.
 */
export interface Readiness {
  ok: boolean;
  /** When the last probe finished. */
  checkedAt: Date;
  latencyMs: number;
  error?: string;
}

const FRESH_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;
let last: Readiness | null = null;
let probing: Promise<Readiness> | null = null;

async function probe(): Promise<Readiness> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getSql()`select 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, checkedAt: new Date(), latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { ok: false, checkedAt: new Date(), latencyMs: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh probe now (shared with concurrent callers). */
export function probeDatabase(): Promise<Readiness> {
  probing ??= probe().then((r) => {
    last = r;
    probing = null;
    return r;
  });
  return probing;
}

/** The database's readiness at most a second old; the first call waits for a probe. */
export function databaseReadiness(now = Date.now()): Readiness | Promise<Readiness> {
  if (last && now - last.checkedAt.getTime() < FRESH_MS) return last;
  return probeDatabase();
}
