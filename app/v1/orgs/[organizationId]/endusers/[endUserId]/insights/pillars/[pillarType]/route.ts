import { getDb } from "@/db/client";
import { getPillar as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getMemberPillarDetail } from "@/server/services/insights/get-digest";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/insights/pillars/{pillarType} – one pillar in depth
  GET: apiRoute(op, async ({ params, query }) => ({
    data: await getMemberPillarDetail(getDb(), params.organizationId, params.endUserId, params.pillarType, query.date),
  })),
});
