import { getDb } from "@/db/client";
import { listOrganizationPlans as op } from "@/server/api/operations/plans";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listPlans } from "@/server/services/content/list-plans";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/plans – published public and private plans (never end-user-ai-generated)
  GET: apiRoute(op, async ({ params, query, url }) => listResponse(url, query, await listPlans(getDb(), params.organizationId, query))),
});
