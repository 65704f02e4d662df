import { getDb } from "@/db/client";
import { getPillar as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { getPillarDetail } from "@/server/services/insights/get-digest";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/insights/pillars/{pillarType} – one pillar in depth
  GET: route(op, async ({ params, query }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    return { data: await getPillarDetail(getDb(), member, params.pillarType, query.date) };
  }),
});
