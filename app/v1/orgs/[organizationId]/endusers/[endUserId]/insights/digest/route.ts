import { getDb } from "@/db/client";
import { getDigest as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { getDigest } from "@/server/services/insights/get-digest";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/insights/digest – the member's daily digest, cached per local day
  GET: route(op, async ({ params, query }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    return { data: await getDigest(getDb(), member, query.date) };
  }),
});
