import { getDb } from "@/db/client";
import { getMemberAnalytics as op } from "@/server/api/operations/analytics";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getMemberAnalytics } from "@/server/services/analytics/get-member-analytics";
import { resolveRange } from "@/server/services/analytics/range";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/analytics/members/{endUserId} – one member's adherence and history
  GET: apiRoute(op, async ({ params, query, targets }) => ({
    data: await getMemberAnalytics(getDb(), {
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      range: resolveRange(query, targets.query),
      locale: query.locale,
    }),
  })),
});
