import { getDb } from "@/db/client";
import { getWorkoutSession as getOp, updateWorkoutSession as patchOp } from "@/server/api/operations/sessions";
import { requestTypeName } from "@/server/api/operation";
import { methods, route } from "@/server/api/route";
import { getWorkoutSession, updateWorkoutSession } from "@/server/services/sessions/workout-sessions";

const getTarget = requestTypeName(getOp, "Query");
const patchTarget = requestTypeName(patchOp, "Body");

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/sessions/{sessionId} – the caller's session
  GET: route(getOp, async ({ params, query, caller }) => ({
    data: await getWorkoutSession(getDb(), { caller, workoutId: params.workoutId, sessionId: params.sessionId, attribution: query, target: getTarget }),
  })),
  // PATCH /v1/workouts/{workoutId}/sessions/{sessionId} – report progressSeconds and/or the current segment
  PATCH: route(patchOp, async ({ params, body, caller }) => {
    const { progressSeconds, workoutSegmentId, ...attribution } = body;
    return {
      data: await updateWorkoutSession(getDb(), {
        caller,
        workoutId: params.workoutId,
        sessionId: params.sessionId,
        progressSeconds,
        workoutSegmentId,
        attribution,
        target: patchTarget,
      }),
    };
  }),
});
