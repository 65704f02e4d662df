import { endWorkoutSession as op } from "@/server/api/operations/sessions";
import { apiRoute, methods } from "@/server/routes/api-route";
import { finishWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/sessions/end – complete the session: keep duration and progress of the last PATCH
  POST: apiRoute(op, async ({ db, params, body, caller, targets }) => ({
    data: await finishWorkoutSession(db, {
      caller,
      workoutId: params.workoutId,
      sessionId: body.sessionId,
      quality: body.quality,
      mode: "end",
      attribution: body,
      target: targets.body,
    }),
  })),
});
