import { getDb } from "@/db/client";
import { getPlanAnalytics as op } from "@/server/api/operations/analytics";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getPlanAnalytics } from "@/server/services/analytics/get-plan-analytics";
import { resolveRange } from "@/server/services/analytics/range";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/analytics/plans/{planId} – plays, enrollments and week progress of one plan
  GET: apiRoute(op, async ({ params, query, targets }) => ({
    data: await getPlanAnalytics(getDb(), {
      organizationId: params.organizationId,
      planId: params.planId,
      range: resolveRange(query, targets.query),
      locale: query.locale,
    }),
  })),
});
