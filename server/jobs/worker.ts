import { log } from "@/server/core/log";
import { startCommitRelay, stopCommitRelay } from "./commit-relay";
import { jobsProviderName } from "./config";
import { sendJobEventSafely } from "./index";
import { type LocalWorkerOptions, startLocalWorker, stopLocal } from "./providers/local";
import { registerJobs } from "./registered";
import { ALL_JOBS } from "./registry";

/**
 * The job worker of a process, for its entry (server.ts, the seed CLI, the integration tests'
 * setup): importing this module registers the job list (`registry.ts`) with the sender, so the
 * local provider can route events to their jobs. Services never import it: they send through
 * `server/jobs` (index.ts).
 */
registerJobs(ALL_JOBS);

export { ALL_JOBS };

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
