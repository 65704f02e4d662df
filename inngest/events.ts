import { eventType } from "inngest";
import { JOB_EVENTS } from "@/server/jobs/events";

/**
 * Typed Inngest events, derived from the one declaration of every job event and its zod schema
 * (server/jobs/events.ts), so that the local provider does not need the Inngest SDK.
 */
export const notificationsOutboxEnqueued = eventType("notifications/outbox.enqueued", {
  schema: JOB_EVENTS["notifications/outbox.enqueued"],
});

export const workoutsContentChanged = eventType("workouts/content.changed", {
  schema: JOB_EVENTS["workouts/content.changed"],
});

export const webhooksDeliveriesEnqueued = eventType("webhooks/deliveries.enqueued", {
  schema: JOB_EVENTS["webhooks/deliveries.enqueued"],
});

export const socialDropRequested = eventType("social/drop.requested", {
  schema: JOB_EVENTS["social/drop.requested"],
});

export const workoutsExportsPending = eventType("workouts/exports.pending", {
  schema: JOB_EVENTS["workouts/exports.pending"],
});

export const mediaUploadCompleted = eventType("media/upload.completed", {
  schema: JOB_EVENTS["media/upload.completed"],
});

export const INNGEST_EVENTS = [notificationsOutboxEnqueued, workoutsContentChanged, webhooksDeliveriesEnqueued, socialDropRequested, workoutsExportsPending, mediaUploadCompleted] as const;
