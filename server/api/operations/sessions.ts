import { z } from "zod";
import { type AuthScheme, defineOperation } from "../operation";
import { HexId, distinctBy, requireSome } from "@/server/contracts/schemas";

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

const SessionParams = z.object({ workoutId: HexId });
const SessionIdParams = z.object({ workoutId: HexId, sessionId: HexId });

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

const SessionResponse = z.object({ data: WorkoutSession });
const AUTH: AuthScheme[] = ["X-Api-Key", "AccessToken", "EmbedToken"];
const ATTRIBUTION_NOTE =
  "Attribution: a member Bearer token wins; otherwise `endUserId` or `externalUserId` name the member (404 when they do not resolve to an active member), and `organizationId` is required for keys spanning several organizations (400). Without either the session is anonymous.";

export const startWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_startWorkoutSession",
  method: "post",
  path: "/v1/workouts/{workoutId}/sessions/start",
  tag: "Workout sessions",
  summary: "Start a workout session",
  description: `The workout must exist and be published. For an attributed or authenticated member, previous started sessions of this workout are completed first. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: SessionParams,
  body: z.object(Attribution).strict().meta({ id: "StartWorkoutSessionBody" }),
  success: { status: 201, description: "The new session.", schema: SessionResponse },
  errors: [403, 404],
});

export const updateWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_updateWorkoutSession",
  method: "patch",
  path: "/v1/workouts/{workoutId}/sessions/{sessionId}",
  tag: "Workout sessions",
  summary: "Report playback progress",
  description: `PATCH every 10 to 30 seconds and on segment changes, with a final PATCH before end or complete. 409 once the session is completed. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: SessionIdParams,
  body: requireSome(
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
  ).meta({ id: "UpdateWorkoutSessionBody" }),
  bodyRequired: true,
  success: { status: 200, description: "The updated session.", schema: SessionResponse },
  errors: [404, 409],
});

export const getWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_getWorkoutSession",
  method: "get",
  path: "/v1/workouts/{workoutId}/sessions/{sessionId}",
  tag: "Workout sessions",
  summary: "Read a workout session",
  description: `404 also when the session is not the caller's. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionIdParams,
  query: z.object(Attribution).strict(),
  success: { status: 200, description: "The session.", schema: SessionResponse },
  errors: [404],
});

const FinishBody = (id: string) =>
  z
    .object({
      sessionId: HexId.meta({ description: "The session to finish." }),
      quality: PlaybackQuality.optional().meta({ description: "The player's final playback-quality report (replaces the stored one)." }),
      ...Attribution,
    })
    .strict()
    .meta({ id });

export const endWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_endWorkoutSession",
  method: "post",
  path: "/v1/workouts/{workoutId}/sessions/end",
  tag: "Workout sessions",
  summary: "End a session early",
  description: `Completes the session keeping the duration and progress of the last PATCH (0 if none). 409 when already completed. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: SessionParams,
  body: FinishBody("EndWorkoutSessionBody"),
  bodyRequired: true,
  success: { status: 200, description: "The completed session.", schema: SessionResponse },
  errors: [404, 409],
});

export const completeWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_completeWorkoutSession",
  method: "post",
  path: "/v1/workouts/{workoutId}/sessions/complete",
  tag: "Workout sessions",
  summary: "Complete a session",
  description: `Completes the session with progress 1 and the full workout duration. 409 when already completed. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: SessionParams,
  body: FinishBody("CompleteWorkoutSessionBody"),
  bodyRequired: true,
  success: { status: 200, description: "The completed session.", schema: SessionResponse },
  errors: [404, 409],
});

export const getRecentWorkoutSession = defineOperation({
  operationId: "WorkoutSessionsApi_getRecentWorkoutSession",
  method: "get",
  path: "/v1/workouts/{workoutId}/sessions/recent",
  tag: "Workout sessions",
  summary: "The member's most recent started session, to resume",
  description: `404 when no identity is given (Bearer token, endUserId or externalUserId) or there is nothing to resume. ${ATTRIBUTION_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  query: z.object(Attribution).strict(),
  success: { status: 200, description: "The started session.", schema: SessionResponse },
  errors: [404],
});
