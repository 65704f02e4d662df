import { startWorkoutSession as op } from "@/server/api/operations/sessions";
import { apiRoute, methods } from "@/server/routes/api-route";
import { startWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/sessions/start – start a session (closes the member's open ones)
  POST: apiRoute(op, async ({ db, params, body, caller, targets }) => ({
    data: await startWorkoutSession(db, { caller, workoutId: params.workoutId, attribution: body, target: targets.body }),
  })),
});
