import { getDb } from "@/db/client";
import { getWorkoutMusic as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getWorkoutMusic } from "@/server/services/content/get-music";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/music – shuffled background tracks from the organization's and trainer's pools
  GET: apiRoute(op, async ({ params, caller }) => getWorkoutMusic(getDb(), caller, params.workoutId)),
});
