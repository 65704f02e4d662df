import { z } from "zod";
import { WorkoutSession } from "@/server/contracts/sessions";

/**
 * Every webhook event type, declared once: its description, the zod schema of its `data`, and an
 * example. `enqueueWebhookEvent` validates against these, the OpenAPI document's `webhooks` section
 * and the event-type list are generated from them, and `POST .../test` sends the example.
 *
 * Events are thin: ids and the few fields a receiver needs to decide what to do; the full resource
 * is one GET away. Every body is `{ type, timestamp, organizationId, data }`.
 */
const Id = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .meta({ description: "24-character hexadecimal id." });
const Timestamp = z.string().meta({ description: "ISO 8601." });

const EventMember = z
  .object({
    id: Id,
    externalId: z.string().nullable().meta({ description: "The partner's own id for this member." }),
  })
  .meta({ id: "WebhookEventMember", description: "The member the event is about." });

const EventPlanEnrollment = z
  .object({
    id: Id.meta({ description: "Enrollment id." }),
    planId: Id,
    endUserId: Id,
    startDate: z.string().meta({ description: "YYYY-MM-DD in the member's time zone: day 1 of week 1." }),
    isActive: z.boolean(),
    createdAt: Timestamp,
    endedAt: Timestamp.nullable(),
  })
  .meta({ id: "WebhookEventPlanEnrollment" });

/** The drop an event is about (drop.ready, drop.failed): fields spread into each event's data. */
const DropIdentity = {
  dropId: Id,
  title: z.string(),
  sourceType: z.enum(["exercise", "exerciseCollection", "workout", "workoutCollection"]),
  sourceId: z.string(),
  channelPreset: z.string(),
};

const id1 = "65f1c0ffee0123456789abcd";
const id2 = "65f1c0ffee0123456789abce";
const id3 = "65f1c0ffee0123456789abcf";
const at = "2025-01-15T09:30:00.000Z";

export const WEBHOOK_EVENT_TYPES = {
  "workout.published": {
    summary: "A workout was published (or republished after an edit) and is playable through the API.",
    source: "content publishing (team workspace)",
    data: z.object({
      workoutId: Id,
      name: z.string().meta({ description: "Name in the organization's default locale." }),
      visibility: z.enum(["public", "private"]),
      difficulty: z.enum(["beginner", "intermediate", "advanced"]),
      duration: z.number().int().meta({ description: "Seconds." }),
      publishedAt: Timestamp,
    }),
    example: { workoutId: id1, name: "Morning Mobility", visibility: "public", difficulty: "beginner", duration: 1200, publishedAt: at },
  },
  "workout.export.ready": {
    summary: "A full-workout export (video MP4 or audio M4A) finished rendering: its stream_url answers now.",
    source: "workout export rendering",
    data: z.object({
      workoutId: Id,
      exportId: Id,
      kind: z.enum(["video", "audio"]),
      locale: z.string().meta({ description: "The rendered locale." }),
      completedAt: Timestamp,
    }),
    example: { workoutId: id1, exportId: id2, kind: "video", locale: "en-US", completedAt: at },
  },
  "workout.session.completed": {
    summary: "A workout session was ended (POST sessions/end) or completed (POST sessions/complete).",
    source: "POST /v1/workouts/{workoutId}/sessions/end and /complete",
    data: z.object({
      session: WorkoutSession,
      mode: z.enum(["end", "complete"]).meta({ description: "`complete` forced progress to 1; `end` kept the last reported progress." }),
      endUser: EventMember.nullable().meta({ description: "The member; null for anonymous key-only sessions." }),
    }),
    example: {
      session: {
        id: id3,
        createdAt: at,
        updatedAt: at,
        workoutId: id1,
        workoutSegmentId: null,
        status: "completed",
        duration: 1200,
        progress: 1,
        traineeId: id2,
      },
      mode: "complete",
      endUser: { id: id2, externalId: "partner-user-42" },
    },
  },
  "enduser.plan.started": {
    summary: "A member was enrolled in a plan and it became their active plan.",
    source: "POST /v1/orgs/{organizationId}/endusers/{endUserId}/plans/start",
    data: z.object({
      enrollment: EventPlanEnrollment,
      endUser: EventMember,
      previousEnrollmentId: Id.nullable().meta({
        description: "The enrollment this start ended (an `enduser.plan.ended` with reason `replaced` was sent for it).",
      }),
    }),
    example: {
      enrollment: { id: id3, planId: id1, endUserId: id2, startDate: "2025-01-15", isActive: true, createdAt: at, endedAt: null },
      endUser: { id: id2, externalId: "partner-user-42" },
      previousEnrollmentId: null,
    },
  },
  "enduser.plan.ended": {
    summary: "A member's active plan enrollment ended.",
    source: "POST .../plans/{planId}/end, POST .../plans/unassign (active plan removed), POST .../plans/start (another plan replaced it)",
    data: z.object({
      enrollment: EventPlanEnrollment,
      endUser: EventMember,
      reason: z
        .enum(["ended", "unassigned", "replaced"])
        .meta({ description: "`ended` by the end operation, `unassigned` with the plan's removal, `replaced` by starting a plan." }),
    }),
    example: {
      enrollment: { id: id3, planId: id1, endUserId: id2, startDate: "2025-01-01", isActive: false, createdAt: at, endedAt: at },
      endUser: { id: id2, externalId: "partner-user-42" },
      reason: "ended",
    },
  },
  "autopilot.run.succeeded": {
    summary: "A content autopilot run created or published content.",
    source: "content autopilot runs",
    data: z.object({
      taskId: Id,
      eventId: Id.meta({ description: "The autopilot event (GET .../content-autopilot/{taskId}/events) recording this run." }),
      resultContentId: Id,
      resultContentType: z.enum(["workout", "program"]),
      createdAt: Timestamp,
    }),
    example: { taskId: id1, eventId: id2, resultContentId: id3, resultContentType: "workout", createdAt: at },
  },
  "autopilot.run.failed": {
    summary: "A content autopilot run failed or was skipped (entitlement limit, premium stock lost).",
    source: "content autopilot runs",
    data: z.object({
      taskId: Id,
      eventId: Id,
      outcome: z.enum(["failed", "skipped_limit", "skipped_premium_lost"]),
      errorMessage: z.string().nullable(),
      createdAt: Timestamp,
    }),
    example: { taskId: id1, eventId: id2, outcome: "failed", errorMessage: "Fewer than 10 exercises match the task's filters.", createdAt: at },
  },
  "drop.ready": {
    summary: "A social drop finished rendering and is listed (status ready) with its variants.",
    source: "social drops",
    data: z.object({
      ...DropIdentity,
      availableVariants: z.array(z.string()).meta({ description: "`<aspect>_<milliseconds>`, e.g. `9:16_30000`." }),
    }),
    example: {
      dropId: id1,
      title: "30-second core burner",
      sourceType: "workout",
      sourceId: id2,
      channelPreset: "ig_reels",
      availableVariants: ["9:16_30000"],
    },
  },
  "drop.failed": {
    summary: "A social drop could not be rendered: none of its variants rendered after the render job's retries, or its source or copy failed.",
    source: "social drops",
    data: z.object({
      ...DropIdentity,
      failureReason: z.string().meta({ description: "Why, as the drop's `failureReason` says it." }),
      failedVariants: z.array(z.string()).meta({ description: "Variants that failed, `<aspect>_<milliseconds>`." }),
      failedAt: Timestamp,
    }),
    example: {
      dropId: id1,
      title: "30-second core burner",
      sourceType: "workout",
      sourceId: id2,
      channelPreset: "ig_reels",
      failureReason: "No variant could be rendered after 3 attempt(s): not a media file ffmpeg can read: /tmp/forma-drop-x/clip-0.mp4",
      failedVariants: ["9:16_15000", "9:16_30000"],
      failedAt: at,
    },
  },
  "social.post.published": {
    summary: "A social publish automation posted to a connected platform.",
    source: "social publish automations",
    data: z.object({
      automationId: Id,
      platform: z.enum(["instagram", "tiktok", "youtube", "facebook"]),
      dropId: Id.nullable(),
      postUrl: z.string().nullable().meta({ description: "The post on the platform, when the platform tells." }),
      publishedAt: Timestamp,
    }),
    example: { automationId: id1, platform: "instagram", dropId: id2, postUrl: "https://www.instagram.com/p/abc123/", publishedAt: at },
  },
  "social.post.failed": {
    summary: "A social publish automation could not post.",
    source: "social publish automations",
    data: z.object({
      automationId: Id,
      platform: z.enum(["instagram", "tiktok", "youtube", "facebook"]),
      dropId: Id.nullable(),
      errorMessage: z.string(),
      failedAt: Timestamp,
    }),
    example: { automationId: id1, platform: "tiktok", dropId: id2, errorMessage: "The account's access was revoked.", failedAt: at },
  },
  "social.account.reconnect_required": {
    summary: "A connected social account's access was revoked or expired at the platform: posts to it are skipped until an owner reconnects it in the console.",
    source: "social publish automations",
    data: z.object({
      platform: z.enum(["instagram", "tiktok", "youtube", "facebook"]),
      accountId: z.string().meta({ description: "The account's id on the platform." }),
      accountName: z.string().nullable(),
      problem: z.string().meta({ description: "What the platform answered." }),
      detectedAt: Timestamp,
    }),
    example: {
      platform: "instagram",
      accountId: "17841400000000000",
      accountName: "@studio",
      problem: "Instagram answered 400 (error 190): Error validating access token.",
      detectedAt: at,
    },
  },
  "webhook.endpoint.disabled": {
    summary: "Another webhook endpoint of the workspace was disabled because every delivery to it failed for 24 hours.",
    source: "webhook delivery",
    data: z.object({
      endpointId: Id,
      url: z.string(),
      failingSince: Timestamp,
      disabledAt: Timestamp,
    }),
    example: { endpointId: id1, url: "https://partner.example.com/forma/webhooks", failingSince: at, disabledAt: at },
  },
  "webhook.test": {
    summary: "Sent by POST .../webhooks/{webhookId}/test to that endpoint only, whatever it subscribes to.",
    source: "POST /v1/orgs/{organizationId}/webhooks/{webhookId}/test",
    data: z.object({ endpointId: Id, message: z.string() }),
    example: { endpointId: id1, message: "This is a test event from Forma." },
  },
} as const satisfies Record<string, { summary: string; source: string; data: z.ZodType; example: unknown }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;
export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof WEBHOOK_EVENT_TYPES)[T]["data"]>;

export const WEBHOOK_EVENT_TYPE_NAMES = Object.keys(WEBHOOK_EVENT_TYPES) as [WebhookEventType, ...WebhookEventType[]];

/** Types an endpoint can subscribe to (`webhook.test` goes to the endpoint it is sent to, always). */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPE_NAMES.filter((t) => t !== "webhook.test") as [WebhookEventType, ...WebhookEventType[]];

export const WebhookEventTypeSchema = z.enum(SUBSCRIBABLE_EVENT_TYPES).meta({ id: "WebhookEventType", description: "A webhook event type." });

/** The body of every delivery: `{ type, timestamp, organizationId, data }` (Standard Webhooks payload shape). */
export function webhookEnvelope<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: Timestamp.meta({ description: "When the event happened (ISO 8601)." }),
    organizationId: Id.meta({ description: "The workspace." }),
    test: z.literal(true).optional().meta({ description: "Present on events sent by POST .../webhooks/{webhookId}/test: do not act on them." }),
    data: WEBHOOK_EVENT_TYPES[type].data,
  });
}

/** The subscribable types with their summaries and examples (GET /v1/webhooks/event-types). */
export function listEventTypes() {
  return SUBSCRIBABLE_EVENT_TYPES.map((type) => ({
    type,
    summary: WEBHOOK_EVENT_TYPES[type].summary,
    example: WEBHOOK_EVENT_TYPES[type].example as Record<string, unknown>,
  }));
}
