import { z } from "zod";

/**
 * Every job event, declared once with its payload schema. Both providers validate against these before
 * sending (`server/jobs/index.ts`).
 */
export const JOB_EVENTS = {
  /** Outbox rows were committed and can be delivered now (the cron sweep is the safety net). */
  "notifications/outbox.enqueued": z.object({
    outboxIds: z
      .array(z.string().regex(/^[0-9a-f]{24}$/))
      .min(1)
      .max(100),
  }),
  /**
   * A workout's rendered output is out of date: it was published, or its playlist, media or
   * translations changed while published. Export rendering (video MP4, audio M4A) listens.
   */
  "workouts/content.changed": z.object({
    workoutId: z.string().regex(/^[0-9a-f]{24}$/),
    reason: z.enum(["published", "playlist", "media", "seed"]),
  }),
  /**
   * Webhook deliveries are due now: those of an event just committed (`eventId`), or replayed and
   * test deliveries (`deliveryIds`). The minute sweep delivers them if this event is lost.
   */
  "webhooks/deliveries.enqueued": z
    .object({
      eventId: z
        .string()
        .regex(/^[0-9a-f]{24}$/)
        .optional(),
      deliveryIds: z
        .array(z.string().regex(/^[0-9a-f]{24}$/))
        .min(1)
        .max(100)
        .optional(),
    })
    .refine((d) => d.eventId !== undefined || d.deliveryIds !== undefined, "eventId or deliveryIds is required"),
  /** A social drop was created (or found stuck in processing): cut its variants, covers and copy. */
  "social/drop.requested": z.object({
    dropId: z.string().regex(/^[0-9a-f]{24}$/),
  }),
  /**
   * Background export work for a workout, rendered behind edits: the seeded library (`seed`), the
   * locales after the first one of a change (`locales`), exports the sweep found missing or stale
   * (`sweep`).
   */
  "workouts/exports.pending": z.object({
    workoutId: z.string().regex(/^[0-9a-f]{24}$/),
    reason: z.enum(["seed", "locales", "sweep"]),
  }),
  /**
   * Rebuild analytics rollups from the raw sessions and feedback: one workspace (a correction) or,
   * without organizationId, every workspace (the backfill after an upgrade).
   */
  "analytics/rebuild.requested": z.object({
    organizationId: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .optional(),
  }),
  /** Every chunk of a console media upload is stored: transcode it (clips and instruction audio). */
  "media/upload.completed": z.object({
    uploadId: z.string().regex(/^[0-9a-f]{24}$/),
  }),
  /**
   * A long clip (at least LONG_CLIP_SECONDS) has no adaptive package of its video yet: package it
   * as HLS (server/services/media-uploads/clip-hls.ts). Sent after an upload is processed, by the
   * seed and by the sweep.
   */
  "media/clip.package": z.object({
    videoAssetId: z.string().regex(/^[0-9a-f]{24}$/),
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
