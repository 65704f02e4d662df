import { Inngest } from "inngest";
import { observeJobRun, observeJobStep, withTrace } from "@/server/observability/jobs";
import type { JobEvent } from "../events";
import type { AnyJobDefinition, JobIo } from "../types";

/**
 * The Inngest provider: its client, the Inngest function of a job definition, and sending. The SDK
 * reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY(_FALLBACK), INNGEST_BASE_URL and INNGEST_DEV from
 * the environment itself, when it needs them (not at import, which scripts and tests rely on);
 * server/env.ts declares and validates the same settings at start. The sender (`../index.ts`)
 * imports this module only when Inngest runs the jobs, so the local provider never loads the SDK;
 * the functions are built from the job list in `../inngest-functions.ts` and served by
 * app/api/inngest/route.ts.
 */
export const inngest = new Inngest({ id: "forma" });

/** Sends an event to Inngest; functions run where Inngest calls them (`/api/inngest`). */
export async function sendInngestEvent(event: JobEvent): Promise<void> {
  await inngest.send({ name: event.name, data: withTrace(event.data) });
}

/**
 * Turns a job definition into an Inngest function: the trigger becomes the function's trigger and
 * the handler's `io` maps onto durable steps.
 */
export function functionFromJob(job: AnyJobDefinition) {
  const trigger = "cron" in job.trigger ? { cron: job.trigger.cron } : { event: job.trigger.event };
  return inngest.createFunction({ id: job.id, name: job.name, retries: (job.retries ?? 3) as 3, triggers: [trigger] }, async ({ event, step }) =>
    // Counted, timed and traced per invocation (Inngest calls a function once per step it reaches).
    observeJobRun(job.id, "cron" in job.trigger ? {} : event.data, (clean) => runWithSteps(job, clean, step)),
  );
}

type Step = {
  run: (id: string, fn: () => Promise<unknown>) => Promise<unknown>;
  sleep: (id: string, ms: number) => Promise<void>;
  sendEvent: (id: string, e: { name: string; data: unknown }) => Promise<unknown>;
};

function runWithSteps(job: AnyJobDefinition, data: unknown, step: Step) {
  const payload = job.payload.parse(data);
  const io: JobIo = {
    run: <T>(stepId: string, fn: () => Promise<T>) => step.run(stepId, () => observeJobStep(stepId, fn)) as Promise<T>,
    sleep: (stepId, ms) => step.sleep(stepId, ms),
    sendEvent: async (stepId, e) => {
      await step.sendEvent(stepId, { name: e.name, data: withTrace(e.data) });
    },
  };
  return job.handler({ payload, io });
}
