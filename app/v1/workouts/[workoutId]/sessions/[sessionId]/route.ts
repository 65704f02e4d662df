import { getDb } from "@/db/client";
import { getWorkoutSession as getOp, updateWorkoutSession as patchOp } from "@/server/api/operations/sessions";
import { methods, route } from "@/server/api/route";
import { getWorkoutSession, updateWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/sessions/{sessionId} – the caller's session
  GET: route(getOp, async ({ params, query, caller, targets }) => ({
    data: await getWorkoutSession(getDb(), { ...params, caller, attribution: query, target: targets.query }),
  })),
  // PATCH /v1/workouts/{workoutId}/sessions/{sessionId} – report progressSeconds and/or the current segment
  PATCH: route(patchOp, async ({ params, body, caller, targets }) => ({
    data: await updateWorkoutSession(getDb(), { ...body, ...params, caller, attribution: body, target: targets.body }),
  })),
});
