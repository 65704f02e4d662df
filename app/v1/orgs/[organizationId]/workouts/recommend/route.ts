import { recommendWorkouts as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { recommendWorkoutsResponse } from "@/server/services/personalization/recommend-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/recommend – rank published public workouts for a profile
  POST: apiRoute(op, async ({ db, params, body }) => recommendWorkoutsResponse(db, params.organizationId, body)),
});
