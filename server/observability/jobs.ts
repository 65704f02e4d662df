import type PgBoss from "pg-boss";
import { metrics, scrapeSources } from "./metrics";
import { currentTraceparent, withRootSpan, withSpan } from "./tracing";

/**
 * Jobs' share of the metrics and traces, for both providers: runs and failures per job id, run
 * durations, a span per sampled run (child of the enqueuing request's trace: the `traceparent` rides
 * in the job's data under TRACE_KEY, added when sent from a sampled trace and removed before the
 * payload is parsed; a run without one is head-sampled like a request) and per step. The local provider also reports its queues' depth and oldest job at scrape time.
 */
export const TRACE_KEY = "__traceparent";

/** The event data to enqueue: with the active trace when tracing is on. */
export function withTrace<T extends object>(data: T): T {
  const traceparent = currentTraceparent();
  return traceparent ? { ...data, [TRACE_KEY]: traceparent } : data;
}

/** Runs one job: counted, timed and traced; `data` loses its trace key before `run` sees it. */
export async function observeJobRun<T>(jobId: string, data: unknown, run: (data: unknown) => Promise<T>): Promise<T> {
  let payload = data;
  let traceparent: unknown;
  if (payload && typeof payload === "object" && TRACE_KEY in payload) {
    const { [TRACE_KEY]: tp, ...rest } = payload as Record<string, unknown>;
    traceparent = tp;
    payload = rest;
  }
  const m = metrics();
  const end = m.jobDuration.startTimer({ job: jobId });
  try {
    const result = await withRootSpan(`job ${jobId}`, { "forma.job": jobId }, () => run(payload), traceparent);
    m.jobRuns.inc({ job: jobId, outcome: "ok" });
    return result;
  } catch (err) {
    m.jobRuns.inc({ job: jobId, outcome: "failed" });
    throw err;
  } finally {
    end();
  }
}

/** One step of a job (io.run), as a child span of the job's. */
export function observeJobStep<T>(stepId: string, fn: () => Promise<T>): Promise<T> {
  return withSpan(`job step ${stepId}`, { "forma.job_step": stepId }, fn);
}

/** Queue depth and oldest waiting job per queue (pg-boss's job table), read when Prometheus scrapes. */
export function reportLocalQueues(boss: () => Promise<PgBoss> | null): void {
  scrapeSources().jobQueues = async () => {
    const b = await boss();
    if (!b) return null;
    const db = b.getDb() as { executeSql(text: string, values?: unknown[]): Promise<{ rows: { name: string; depth: string; oldest: string | null }[] }> };
    const { rows } = await db.executeSql(
      "select name, count(*)::text as depth, extract(epoch from now() - min(created_on))::text as oldest from pgboss.job where state in ('created', 'retry') group by name",
    );
    return rows.map((r) => ({ job: r.name, depth: Number(r.depth), oldestAgeSeconds: Math.max(0, Number(r.oldest ?? 0)) }));
  };
}
