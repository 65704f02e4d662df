import { getDb } from "@/db/client";
import { listMemberAnalytics as op } from "@/server/api/operations/analytics";
import { pickText } from "@/server/core/locale";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listMemberAttention } from "@/server/services/analytics/member-status";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/analytics/members – members with an active plan, needs-attention first
  GET: apiRoute(op, async ({ params, query, url }) =>
    listResponse(
      url,
      query,
      await listMemberAttention(getDb(), {
        organizationId: params.organizationId,
        needsAttention: query.needsAttention,
        limit: query.limit,
        offset: query.offset,
        pick: (m) => pickText(m, query.locale),
      }),
    ),
  ),
});
