import { getDb } from "@/db/client";
import { getEndUserActivePlan as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getActivePlan } from "@/server/services/members/plan-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/plans/active – the active enrollment or null
  GET: apiRoute(op, async ({ params, query }) => ({
    data: await getActivePlan(getDb(), { organizationId: params.organizationId, endUserIdentifier: params.endUserId, locale: query.locale }),
  })),
});
