import { assignEndUserPlans as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { assignPlans } from "@/server/services/members/assign-plans";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/plans/assign – add up to 5 plans, all or nothing, not started
  POST: apiRoute(op, async ({ db, params, body }) => ({
    data: await assignPlans(db, { ...body, organizationId: params.organizationId, endUserIdentifier: params.endUserId }),
  })),
});
