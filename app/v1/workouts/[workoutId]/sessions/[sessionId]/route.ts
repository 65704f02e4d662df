import { getWorkoutSession as getOp, updateWorkoutSession as patchOp } from "@/server/api/operations/sessions";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getWorkoutSession, updateWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/sessions/{sessionId} – the caller's session
  GET: apiRoute(getOp, async ({ db, params, query, caller, targets }) => ({
    data: await getWorkoutSession(db, { ...params, caller, attribution: query, target: targets.query }),
  })),
  // PATCH /v1/workouts/{workoutId}/sessions/{sessionId} – report progressSeconds and/or the current segment
  PATCH: apiRoute(patchOp, async ({ db, params, body, caller, targets }) => ({
    data: await updateWorkoutSession(db, { ...body, ...params, caller, attribution: body, target: targets.body }),
  })),
});
