import { getDb } from "@/db/client";
import { listEndUserPlans as op } from "@/server/api/operations/endusers";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listMemberPlans } from "@/server/services/members/list-library";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/plans – library plans, without the active one
  GET: apiRoute(op, async ({ params, query, url }) =>
    listResponse(url, query, await listMemberPlans(getDb(), { organizationId: params.organizationId, endUserIdentifier: params.endUserId, ...query })),
  ),
});
