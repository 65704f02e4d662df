import { getDb } from "@/db/client";
import { getWorkoutPlaylist as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getPlaylist } from "@/server/services/content/get-playlist";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/playlist – the ordered segments with signed media, localized audio
  GET: apiRoute(op, async ({ params, query, caller }) => getPlaylist(getDb(), caller, params.workoutId, query.locale)),
});
