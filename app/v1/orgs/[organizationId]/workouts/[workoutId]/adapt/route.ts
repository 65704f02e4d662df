import { adaptWorkout as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { adaptWorkout } from "@/server/services/personalization/adapt-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/{workoutId}/adapt – an ephemeral adaptation of a team workout
  POST: apiRoute(op, async ({ db, params, body }) => adaptWorkout(db, params.organizationId, params.workoutId, body)),
});
