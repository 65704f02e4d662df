import { startEndUserPlan as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { startPlan } from "@/server/services/members/plan-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/plans/start – enroll and make the plan active
  POST: apiRoute(op, async ({ db, params, query, body }) => ({
    data: await startPlan(db, {
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      planId: body.planId,
      startDate: body.startDate,
      locale: query.locale,
    }),
  })),
});
