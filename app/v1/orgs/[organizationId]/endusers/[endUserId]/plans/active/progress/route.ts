import { getDb } from "@/db/client";
import { getEndUserActivePlanProgress as op } from "@/server/api/operations/endusers";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getActivePlanProgress } from "@/server/services/members/plan-progress";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/plans/active/progress – progress from completed sessions, or null
  GET: apiRoute(op, async ({ params, query }) => ({
    data: await getActivePlanProgress(getDb(), {
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      locale: query.locale,
    }),
  })),
});
