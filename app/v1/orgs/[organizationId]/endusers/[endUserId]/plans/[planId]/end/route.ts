import { endEndUserPlan as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { endPlan } from "@/server/services/members/plan-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/plans/{planId}/end – clear the active plan, keep it in the library
  POST: apiRoute(op, async ({ db, params, query }) => ({
    data: await endPlan(db, {
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      planId: params.planId,
      locale: query.locale,
    }),
  })),
});
