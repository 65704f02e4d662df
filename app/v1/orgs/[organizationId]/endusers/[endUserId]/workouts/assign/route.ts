import { assignEndUserWorkouts as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { assignWorkouts } from "@/server/services/members/assign-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/workouts/assign – add up to 10 workouts, all or nothing
  POST: apiRoute(op, async ({ db, params, body }) => ({
    data: await assignWorkouts(db, { ...body, organizationId: params.organizationId, endUserIdentifier: params.endUserId }),
  })),
});
