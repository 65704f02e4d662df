import { Inngest } from "inngest";
import type { AnyJobDefinition, JobIo } from "@/server/jobs/types";

/**
 * The Inngest client. The SDK reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY(_FALLBACK),
 * INNGEST_BASE_URL and INNGEST_DEV from the environment itself, when it needs them (not at import,
 * which scripts and tests rely on); server/env.ts declares and validates the same settings at start.
 */
export const inngest = new Inngest({ id: "forma" });

/**
 * Turns a job definition (server/jobs) into an Inngest function: the trigger becomes the
 * function's trigger and the handler's `io` maps onto durable steps.
 */
export function functionFromJob(job: AnyJobDefinition) {
  const trigger = "cron" in job.trigger ? { cron: job.trigger.cron } : { event: job.trigger.event };
  return inngest.createFunction({ id: job.id, name: job.name, retries: (job.retries ?? 3) as 3, triggers: [trigger] }, async ({ event, step }) => {
    const payload = job.payload.parse("cron" in job.trigger ? {} : event.data);
    const io: JobIo = {
      run: <T>(stepId: string, fn: () => Promise<T>) => step.run(stepId, fn) as Promise<T>,
      sleep: (stepId, ms) => step.sleep(stepId, ms),
      sendEvent: async (stepId, e) => {
        await step.sendEvent(stepId, { name: e.name, data: e.data });
      },
    };
    return job.handler({ payload, io });
  });
}
