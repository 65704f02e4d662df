import { completeWorkoutSession as op } from "@/server/api/operations/sessions";
import { apiRoute, methods } from "@/server/routes/api-route";
import { finishWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/sessions/complete – complete the session: progress 1 and the full workout duration
  POST: apiRoute(op, async ({ db, params, body, caller, targets }) => ({
    data: await finishWorkoutSession(db, {
      caller,
      workoutId: params.workoutId,
      sessionId: body.sessionId,
      quality: body.quality,
      mode: "complete",
      attribution: body,
      target: targets.body,
    }),
  })),
});
