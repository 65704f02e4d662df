import { getDb } from "@/db/client";
import { submitWorkoutFeedback as op } from "@/server/api/operations/feedback";
import { requestTypeName } from "@/server/api/operation";
import { methods, route } from "@/server/api/route";
import { submitWorkoutFeedback } from "@/server/services/sessions/feedback";

const target = requestTypeName(op, "Body");

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/feedback – create or update the feedback of one session
  POST: route(op, async ({ params, body, caller }) => {
    const { workoutSessionId, ratingId, difficultyId, comment, ...attribution } = body;
    const { feedback } = await submitWorkoutFeedback(getDb(), {
      caller,
      workoutId: params.workoutId,
      workoutSessionId,
      ratingId,
      difficultyId,
      comment,
      attribution,
      target,
    });
    return { data: feedback };
  }),
});
