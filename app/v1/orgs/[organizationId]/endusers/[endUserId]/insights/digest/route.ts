import { getDb } from "@/db/client";
import { getDigest as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { getMemberDigestResponse } from "@/server/services/insights/get-digest";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/insights/digest – the member's daily digest, cached per local day
  GET: route(op, async ({ params, query }) => getMemberDigestResponse(getDb(), params.organizationId, params.endUserId, query.date)),
});
