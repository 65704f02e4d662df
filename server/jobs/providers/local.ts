import PgBoss from "pg-boss";
import { log } from "@/server/core/log";
import { env } from "@/server/env";
import { observeJobRun, observeJobStep, reportLocalQueues, withTrace } from "@/server/observability/jobs";
import { type JobEvent, parseJobEvent } from "../events";
import { registeredJobs } from "../registered";
import type { AnyJobDefinition, JobIo } from "../types";

/**
 * The local provider: pg-boss queues in the service's own PostgreSQL (schema `pgboss`), one queue
 * per job, cron schedules through pg-boss's scheduler, retries with backoff. A process that only
 * sends events (no worker) gets a producer-only instance. The job list comes from the process
 * entry (`registered.ts`), so that this module, which services reach through the sender, never
 * imports the job definitions.
 */
type Mode = "worker" | "producer";
interface LocalState {
  mode: Mode;
  ready: Promise<PgBoss>;
  /** Worker ids by queue (worker mode), to wake a worker right after sending it a job. */
  workers?: Map<string, string[]>;
  /** The worker's queues and handlers are registered (worker mode): GET /ready. */
  running?: boolean;
}
const holder = globalThis as unknown as { __formaJobsLocal?: LocalState };

export interface LocalWorkerOptions {
  /** Seconds between queue polls (pg-boss minimum 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Register cron schedules (default true). */
  schedule?: boolean;
  /** Work only these jobs (by id; default all): tests that must not take other tests' jobs. */
  jobs?: readonly string[];
}

function connectionString(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the job worker after the database (db/bootstrap.ts)");
  return url;
}

async function createQueues(boss: PgBoss): Promise<void> {
  for (const job of registeredJobs()) {
    // Idempotent (ON CONFLICT DO NOTHING in pg-boss).
    await boss.createQueue(job.id, { name: job.id, retryLimit: job.retries ?? 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 });
  }
}

/** PostgreSQL connections of the job worker's pg-boss pool (a producer-only process opens 2). */
export const JOB_WORKER_CONNECTIONS = 4;

function newBoss(mode: Mode): PgBoss {
  const boss = new PgBoss({
    connectionString: connectionString(),
    schema: "pgboss",
    application_name: `forma-jobs-${mode}`,
    max: mode === "worker" ? JOB_WORKER_CONNECTIONS : 2,
    supervise: mode === "worker",
    schedule: mode === "worker",
    migrate: true,
  });
  // pg-boss reports background failures as events; an unhandled "error" event would crash the process.
  boss.on("error", (err) => log("error", "job queue error", { err: err.message }));
  return boss;
}

function localIo(): JobIo {
  return {
    run: (stepId, fn) => observeJobStep(stepId, fn),
    sleep: (_stepId, ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    sendEvent: (_stepId, event) => sendLocalEvent(parseJobEvent(event)),
  };
}

async function runJob(job: AnyJobDefinition, data: unknown): Promise<unknown> {
  // Counted, timed and traced (server/observability/jobs.ts), in the trace of the request that sent it.
  return observeJobRun(job.id, data ?? {}, (clean) => job.handler({ payload: job.payload.parse(clean), io: localIo() }));
}

/** Starts the worker in this process: queues, handlers and cron schedules. Idempotent. */
export async function startLocalWorker(opts: LocalWorkerOptions = {}): Promise<void> {
  const current = holder.__formaJobsLocal;
  if (current?.mode === "worker") {
    await current.ready;
    return;
  }
  if (current) {
    holder.__formaJobsLocal = undefined;
    await (await current.ready.catch(() => null))?.stop({ graceful: false }).catch(() => {});
  }
  const workers = new Map<string, string[]>();
  const ready = (async () => {
    const boss = newBoss("worker");
    await boss.start();
    await createQueues(boss);
    const all = registeredJobs();
    for (const job of all.filter((j) => !opts.jobs || opts.jobs.includes(j.id))) {
      for (let i = 0; i < (job.localConcurrency ?? 1); i++) {
        const workerId = await boss.work(job.id, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async ([j]) => {
          if (j) await runJob(job, j.data);
        });
        workers.set(job.id, [...(workers.get(job.id) ?? []), workerId]);
      }
      if ("cron" in job.trigger) {
        if (opts.schedule === false) await boss.unschedule(job.id);
        else await boss.schedule(job.id, job.trigger.cron, {}, { tz: "UTC" });
      }
    }
    log("info", "job worker started (local provider, pg-boss)", { jobs: all.map((j) => j.id) });
    return boss;
  })();
  const state: LocalState = { mode: "worker", ready, workers };
  holder.__formaJobsLocal = state;
  reportLocalQueues(() => (holder.__formaJobsLocal?.mode === "worker" ? holder.__formaJobsLocal.ready : null));
  try {
    await ready;
    state.running = true;
  } catch (err) {
    holder.__formaJobsLocal = undefined;
    throw err;
  }
}

/** Whether this process's job worker (local provider) is started and not stopping. */
export function localWorkerRunning(): boolean {
  const current = holder.__formaJobsLocal;
  return current?.mode === "worker" && current.running === true;
}

/** Stops this process's pg-boss instance (worker or producer), letting running jobs finish. */
export async function stopLocal(timeoutMs = 10_000): Promise<void> {
  const current = holder.__formaJobsLocal;
  if (!current) return;
  holder.__formaJobsLocal = undefined;
  const boss = await current.ready.catch(() => null);
  await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
}

function producer(): Promise<PgBoss> {
  const current = holder.__formaJobsLocal;
  if (current) return current.ready;
  const ready = (async () => {
    const boss = newBoss("producer");
    await boss.start();
    await createQueues(boss);
    return boss;
  })();
  holder.__formaJobsLocal = { mode: "producer", ready };
  ready.catch(() => {
    if (holder.__formaJobsLocal?.ready === ready) holder.__formaJobsLocal = undefined;
  });
  return ready;
}

/** Enqueues one job per definition triggered by the event. */
export async function sendLocalEvent(event: JobEvent): Promise<void> {
  const jobs = registeredJobs().filter((j) => "event" in j.trigger && j.trigger.event === event.name);
  if (jobs.length === 0) return;
  const boss = await producer();
  const workers = holder.__formaJobsLocal?.workers;
  for (const job of jobs) {
    await boss.send(job.id, withTrace(event.data as object), job.priority ? { priority: job.priority(job.payload.parse(event.data)) } : {});
    // A worker in this process fetches the job now instead of at its next poll (an idle one, if any).
    for (const workerId of workers?.get(job.id) ?? []) boss.notifyWorker(workerId);
  }
}
