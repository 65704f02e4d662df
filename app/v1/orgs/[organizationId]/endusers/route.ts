import { getDb } from "@/db/client";
import { listEndUsers as op } from "@/server/api/operations/endusers";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers – the organization's members, newest first
  GET: apiRoute(op, async ({ params, query, url }) =>
    listResponse(url, query, await listOrganizationEndUsers(getDb(), { organizationId: params.organizationId, ...query })),
  ),
});
