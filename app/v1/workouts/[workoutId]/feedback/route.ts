import { submitWorkoutFeedback as op } from "@/server/api/operations/feedback";
import { apiRoute, methods } from "@/server/routes/api-route";
import { submitWorkoutFeedback } from "@/server/services/sessions/feedback";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/feedback – create or update the feedback of one session
  POST: apiRoute(op, async ({ db, params, body, caller, targets }) => ({
    data: await submitWorkoutFeedback(db, { ...body, ...params, caller, attribution: body, target: targets.body }),
  })),
});
