import { log } from "@/server/api/log";
import { startCommitRelay, stopCommitRelay } from "./commit-relay";
import { jobsProviderName } from "./config";
import { type JobEvent, parseJobEvent } from "./events";
import { sendInngestEvent } from "./providers/inngest";
import { type LocalWorkerOptions, sendLocalEvent, startLocalWorker, stopLocal } from "./providers/local";

/**
 * The job system's entry points. Jobs are defined once (`registry.ts`) and run by Inngest when
 * it is configured (INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV) or by the local pg-boss
 * provider on the service's PostgreSQL otherwise.
 */
export { ALL_JOBS } from "./registry";
export type { JobEvent } from "./events";
export type { JobDefinition, JobIo } from "./types";
export { sendJobEventOnCommit } from "./commit-relay";

/** Validates and sends an event to whichever provider runs the jobs. */
export async function sendJobEvent(event: JobEvent): Promise<void> {
  const valid = parseJobEvent(event);
  if (jobsProviderName() === "inngest") await sendInngestEvent(valid);
  else await sendLocalEvent(valid);
}

/**
 * Sends an event after a commit without failing the request: the rows it announces are durable
 * and the outbox sweep delivers them if the event is lost.
 */
export async function sendJobEventSafely(event: JobEvent): Promise<void> {
  try {
    await sendJobEvent(event);
  } catch (err) {
    log("warn", "could not send job event; the sweep will pick the work up", { event: event.name, err: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * Starts the job worker of this process (call once from server.ts after the database is up).
 * Local provider: pg-boss workers and cron schedules. Inngest: nothing to start, Inngest calls
 * `/api/inngest`.
 */
export async function startJobWorker(opts: LocalWorkerOptions = {}): Promise<void> {
  // Events sent inside transactions (sendJobEventOnCommit) reach the job system through this process.
  await startCommitRelay(sendJobEventSafely);
  if (jobsProviderName() === "inngest") {
    log("info", "jobs run by Inngest through /api/inngest");
    return;
  }
  await startLocalWorker(opts);
}

/** Stops the local worker (or producer) gracefully; call on shutdown before closing the database. */
export async function stopJobWorker(timeoutMs?: number): Promise<void> {
  await stopCommitRelay();
  await stopLocal(timeoutMs);
}
