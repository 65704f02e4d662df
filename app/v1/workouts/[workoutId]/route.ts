import { getDb } from "@/db/client";
import { getWorkoutById as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getWorkoutResponse } from "@/server/services/content/get-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId} – one workout, localized
  GET: apiRoute(op, async ({ params, query, caller }) => getWorkoutResponse(getDb(), caller, params.workoutId, query.locale)),
});
