import { getDb } from "@/db/client";
import { getDigest as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getMemberDigestResponse } from "@/server/services/insights/get-digest";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/insights/digest – the member's daily digest, cached per local day
  GET: apiRoute(op, async ({ params, query }) => getMemberDigestResponse(getDb(), params.organizationId, params.endUserId, query.date)),
});
