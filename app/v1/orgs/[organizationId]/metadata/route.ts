import { getDb } from "@/db/client";
import { getOrganizationMetadata as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getOrganizationMetadata } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/metadata – branding, modules and AI visibility flags
  GET: apiRoute(op, async ({ params }) => ({ data: await getOrganizationMetadata(getDb(), params.organizationId) })),
});
