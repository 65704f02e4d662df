import { log } from "@/server/core/log";
import { jobsProviderName } from "./config";
import { type JobEvent, parseJobEvent } from "./events";
import { sendLocalEvent } from "./providers/local";

/**
 * The job system's sender, what services import: events and the ways to send them. It never imports
 * the job list (`registry.ts`), whose definitions import services; only the process entries do
 * (`worker.ts` for server.ts, `inngest-functions.ts` for the Inngest route). Jobs are run by
 * Inngest when it is configured (INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV) or by the
 * local pg-boss provider on the service's PostgreSQL otherwise.
 */
export type { JobEvent, JobEventData, JobEventName } from "./events";
export type { AnyJobDefinition, JobDefinition, JobIo } from "./types";
export { sendJobEventOnCommit } from "./commit-relay";

/** Validates and sends an event to whichever provider runs the jobs. */
export async function sendJobEvent(event: JobEvent): Promise<void> {
  const valid = parseJobEvent(event);
  if (jobsProviderName() === "inngest") {
    // Loaded only when Inngest runs the jobs: the local provider never loads the Inngest SDK.
    const { sendInngestEvent } = await import("./providers/inngest");
    await sendInngestEvent(valid);
  } else await sendLocalEvent(valid);
}

/** While set, what sendJobEventSafely sends goes here instead (a test seam: test/support/job-events.ts). */
let tap: ((event: JobEvent) => void) | null = null;

/** Test seam: hand the events sendJobEventSafely would send to `fn` instead (null sends them again). */
export function tapJobEvents(fn: ((event: JobEvent) => void) | null): void {
  tap = fn;
}

/**
 * Sends an event after a commit without failing the request: the rows it announces are durable
 * and the outbox sweep delivers them if the event is lost.
 */
export async function sendJobEventSafely(event: JobEvent): Promise<void> {
  if (tap) return tap(event);
  try {
    await sendJobEvent(event);
  } catch (err) {
    log("warn", "could not send job event; the sweep will pick the work up", { event: event.name, err: err instanceof Error ? err.message : String(err) });
  }
}
