import { getDb } from "@/db/client";
import { getUsage as op } from "@/server/api/operations/usage";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getUsage } from "@/server/services/usage/get-usage";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/usage – caps, current windows, and usage per key and operation
  GET: apiRoute(op, async ({ params }) => ({ data: await getUsage(getDb(), params.organizationId) })),
});
