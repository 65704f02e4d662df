import type { AnyJobDefinition } from "./types";

/**
 * The jobs this process knows, set once by the process entry that imports the job list
 * (`server/jobs/worker.ts`, which server.ts, the seed CLI and the integration tests' setup import).
 * The sender (`server/jobs/index.ts`) reads it to route an event to its jobs under the local
 * provider, so that services can send events without importing the job list, whose definitions
 * import services. Kept on `globalThis`: the Next bundle and server.ts's bundle are separate
 * module graphs in one process, and both send.
 */
const holder = globalThis as unknown as { __formaRegisteredJobs?: readonly AnyJobDefinition[] };

export function registerJobs(jobs: readonly AnyJobDefinition[]): void {
  holder.__formaRegisteredJobs = jobs;
}

/** The registered jobs; throws when the process entry did not import `server/jobs/worker.ts`. */
export function registeredJobs(): readonly AnyJobDefinition[] {
  const jobs = holder.__formaRegisteredJobs;
  if (!jobs) throw new Error("no jobs registered in this process: its entry must import server/jobs/worker.ts");
  return jobs;
}
