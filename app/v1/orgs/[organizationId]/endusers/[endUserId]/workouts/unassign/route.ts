import { unassignEndUserWorkouts as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { unassignWorkouts } from "@/server/services/members/assign-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/workouts/unassign – remove workouts, idempotent
  POST: apiRoute(op, async ({ db, params, body }) => ({
    data: await unassignWorkouts(db, { organizationId: params.organizationId, endUserIdentifier: params.endUserId, workoutIds: body.workoutIds }),
  })),
});
