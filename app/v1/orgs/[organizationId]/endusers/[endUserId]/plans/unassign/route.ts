import { unassignEndUserPlans as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { unassignPlans } from "@/server/services/members/assign-plans";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/plans/unassign – remove plans; ends the active one if removed
  POST: apiRoute(op, async ({ db, params, body }) => ({
    data: await unassignPlans(db, { organizationId: params.organizationId, endUserIdentifier: params.endUserId, planIds: body.planIds }),
  })),
});
