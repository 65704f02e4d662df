import { recommendWorkouts as op } from "@/server/api/operations/ai";
import { methods, route } from "@/server/api/route";
import { recommendWorkoutsResponse } from "@/server/services/personalization/recommend-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/recommend – rank published public workouts for a profile
  POST: route(op, async ({ db, params, body }) => recommendWorkoutsResponse(db, params.organizationId, body)),
});
