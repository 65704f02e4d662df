import { getDb } from "@/db/client";
import { listEndUsers as op } from "@/server/api/operations/endusers";
import { listResponse } from "@/server/core/pagination";
import { methods, route } from "@/server/api/route";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers – the organization's members, newest first
  GET: route(op, async ({ params, query, url }) =>
    listResponse(url, query, await listOrganizationEndUsers(getDb(), { organizationId: params.organizationId, ...query })),
  ),
});
