import { getDb } from "@/db/client";
import { getWorkoutById as op } from "@/server/api/operations/workouts";
import { methods, route } from "@/server/api/route";
import { getWorkoutResponse } from "@/server/services/content/get-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId} – one workout, localized
  GET: route(op, async ({ params, query, caller }) => getWorkoutResponse(getDb(), caller, params.workoutId, query.locale)),
});
