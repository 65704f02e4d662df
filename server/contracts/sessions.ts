import { z } from "zod";
import { HexId, distinctBy, requireSome } from "./schemas";

/**
 * Workout sessions' and feedback's bodies and the session resource (server/api/operations/sessions.ts
 * and feedback.ts declare the operations): the hosted pages' member actions check against the same
 * bodies, and the webhooks' event payloads carry the same session.
 */

/** Attribution fields accepted on every session and feedback call (body for POST/PATCH, query for GET). */
export const Attribution = {
  endUserId: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .meta({ description: "The member: internal 24-hex id or email (case-insensitive). Ignored when a Bearer token is sent." }),
  externalUserId: z.string().trim().min(1).max(320).optional().meta({ description: "The member's external id. Ignored when a Bearer token is sent." }),
  organizationId: HexId.optional().meta({ description: "Required for API keys that span several organizations." }),
};

const ErrorCode = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-z0-9_]*$/, "must be a lowercase code such as media_unavailable");

/** What a player measured about playback; the whole report is sent each time (the last one is kept). */
export const PlaybackQuality = z
  .object({
    startupMs: z
      .number()
      .int()
      .min(0)
      .max(600_000)
      .nullable()
      .meta({ description: "Milliseconds from the member's start to the first frame playing; null when it never played." }),
    stalls: z.number().int().min(0).max(100_000).meta({ description: "How many times playback stalled (waiting for data) after it started." }),
    stallMs: z.number().int().min(0).max(604_800_000).meta({ description: "Total milliseconds spent stalled." }),
    errors: distinctBy(
      z.array(z.object({ code: ErrorCode, count: z.number().int().min(1).max(100_000) }).strict()).max(20),
      (e) => e.code,
      "errors must not repeat a code",
    ).meta({ description: "Playback errors by code (the FORMA_ERROR codes, e.g. media_unavailable, network), with how often each happened." }),
    segments: distinctBy(
      z
        .array(
          z
            .object({
              index: z.number().int().min(0).max(999),
              plannedSeconds: z.number().min(0).max(86_400),
              playedSeconds: z.number().min(0).max(86_400),
              completed: z.boolean().meta({ description: "Played to its end (timed segments: at least 90 %), not skipped." }),
            })
            .strict(),
        )
        .max(1000),
      (s) => s.index,
      "segments must not repeat an index",
    ).meta({ description: "Completion per playlist segment: planned against played seconds." }),
  })
  .strict()
  .meta({ id: "PlaybackQuality" });

export const WorkoutSession = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    workoutId: z.string(),
    workoutSegmentId: z.string().nullable().meta({ description: "The playlist segment last reported." }),
    status: z.enum(["started", "completed"]),
    duration: z.number().int().meta({ description: "Seconds played, capped at twice the workout's length; the full length after complete." }),
    progress: z.number().min(0).max(1).meta({ description: "0 to 1: duration over the workout's length; 1 after complete." }),
    traineeId: z.string().nullable().meta({ description: "The member; null for anonymous key-only sessions." }),
    quality: PlaybackQuality.optional().meta({
      description: "The player's last playback-quality report (PATCH, end or complete `quality`); absent until one is sent.",
    }),
  })
  .meta({ id: "WorkoutSession" });

export const UpdateWorkoutSessionBody = requireSome(
  z
    .object({
      progressSeconds: z
        .number()
        .min(0)
        .max(604_800)
        .optional()
        .meta({ description: "Actual playback seconds so far, pauses excluded (rounded to whole seconds)." }),
      workoutSegmentId: HexId.nullable().optional().meta({ description: "Id of the playlist segment now playing." }),
      quality: PlaybackQuality.optional().meta({ description: "The player's playback-quality report so far (replaces the stored one)." }),
      ...Attribution,
    })
    .strict(),
  ["progressSeconds", "workoutSegmentId", "quality"],
  "Send progressSeconds, workoutSegmentId and/or quality.",
).meta({ id: "UpdateWorkoutSessionBody" });

const FinishBody = (id: string) =>
  z
    .object({
      sessionId: HexId.meta({ description: "The session to finish." }),
      quality: PlaybackQuality.optional().meta({ description: "The player's final playback-quality report (replaces the stored one)." }),
      ...Attribution,
    })
    .strict()
    .meta({ id });

export const EndWorkoutSessionBody = FinishBody("EndWorkoutSessionBody");
export const CompleteWorkoutSessionBody = FinishBody("CompleteWorkoutSessionBody");

const OptionId = (kind: string) =>
  HexId.nullable()
    .optional()
    .meta({ description: `A ${kind} option id from GET /v1/workouts/feedback/options (labels are rejected with 400). Omit to keep, null to clear.` });

export const SubmitWorkoutFeedbackBody = requireSome(
  z
    .object({
      workoutSessionId: HexId.meta({ description: "The session being rated." }),
      ratingId: OptionId("rating"),
      difficultyId: OptionId("difficulty"),
      comment: z.string().trim().max(2000).nullable().optional(),
      ...Attribution,
    })
    .strict(),
  ["ratingId", "difficultyId", "comment"],
  "Send ratingId, difficultyId and/or comment.",
).meta({ id: "SubmitWorkoutFeedbackBody" });
