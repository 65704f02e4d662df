import { getDb } from "@/db/client";
import { startWorkoutSession as op } from "@/server/api/operations/sessions";
import { requestTypeName } from "@/server/api/operation";
import { methods, route } from "@/server/api/route";
import { startWorkoutSession } from "@/server/services/sessions/workout-sessions";

const target = requestTypeName(op, "Body");

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/workouts/{workoutId}/sessions/start – start a session (closes the member's open ones)
  POST: route(op, async ({ params, body, caller }) => ({
    data: await startWorkoutSession(getDb(), { caller, workoutId: params.workoutId, attribution: body, target }),
  })),
});
