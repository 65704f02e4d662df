import { getDb } from "@/db/client";
import { getAnalyticsOverview as op } from "@/server/api/operations/analytics";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getOverview } from "@/server/services/analytics/get-overview";
import { resolveRange } from "@/server/services/analytics/range";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/analytics/overview – the workspace dashboard
  GET: apiRoute(op, async ({ params, query, targets }) => ({
    data: await getOverview(getDb(), { organizationId: params.organizationId, range: resolveRange(query, targets.query), locale: query.locale }),
  })),
});
