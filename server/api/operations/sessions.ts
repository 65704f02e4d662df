import { z } from "zod";
import { type AuthScheme, defineOperation } from "../operation";
import { HexId } from "@/server/contracts/schemas";
import { Attribution, CompleteWorkoutSessionBody, EndWorkoutSessionBody, UpdateWorkoutSessionBody, WorkoutSession } from "@/server/contracts/sessions";

const SessionParams = z.object({ workoutId: HexId });
const SessionIdParams = z.object({ workoutId: HexId, sessionId: HexId });

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
  body: UpdateWorkoutSessionBody,
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
  body: EndWorkoutSessionBody,
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
  body: CompleteWorkoutSessionBody,
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
