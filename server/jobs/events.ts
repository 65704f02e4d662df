import { z } from "zod";

/**
 * Every job event, declared once with its payload schema. Both providers validate against these:
 * the local provider before enqueueing, Inngest through `inngest/events.ts`, which derives its
 * typed event definitions from this table (so the local provider never loads the Inngest SDK).
 */
export const JOB_EVENTS = {
  /** Outbox rows were committed and can be delivered now (the cron sweep is the safety net). */
  "notifications/outbox.enqueued": z.object({
    outboxIds: z
      .array(z.string().regex(/^[0-9a-f]{24}$/))
      .min(1)
      .max(100),
  }),
} as const;

export type JobEventName = keyof typeof JOB_EVENTS;
export type JobEventData<N extends JobEventName> = z.input<(typeof JOB_EVENTS)[N]>;
export type JobEvent<N extends JobEventName = JobEventName> = { [K in N]: { name: K; data: JobEventData<K> } }[N];

/** Validates an event against its declaration (throws a ZodError when it does not match). */
export function parseJobEvent<N extends JobEventName>(event: JobEvent<N>): JobEvent<N> {
  const schema = JOB_EVENTS[event.name] as z.ZodType;
  return { name: event.name, data: schema.parse(event.data) } as JobEvent<N>;
}
