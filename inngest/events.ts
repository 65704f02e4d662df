import { eventType } from "inngest";
import { JOB_EVENTS } from "@/server/jobs/events";

/**
 * Typed Inngest events, derived from the one declaration of every job event and its zod schema
 * (server/jobs/events.ts), so that the local provider does not need the Inngest SDK.
 */
export const notificationsOutboxEnqueued = eventType("notifications/outbox.enqueued", {
  schema: JOB_EVENTS["notifications/outbox.enqueued"],
});

export const INNGEST_EVENTS = [notificationsOutboxEnqueued] as const;
