import { getDb } from "@/db/client";
import { getOrganizationMetadata as op } from "@/server/api/operations/metadata";
import { methods, route } from "@/server/api/route";
import { getOrganizationMetadata } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/metadata – branding, modules and AI visibility flags
  GET: route(op, async ({ params }) => ({ data: await getOrganizationMetadata(getDb(), params.organizationId) })),
});
