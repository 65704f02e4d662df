import { getDb } from "@/db/client";
import { getConnectedPlatforms as op } from "@/server/api/operations/social-publish";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listConnectedPlatforms } from "@/server/services/social/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/social-publish/connected-platforms – which platforms have a stored account
  GET: apiRoute(op, async ({ params }) => ({ data: await listConnectedPlatforms(getDb(), params.organizationId) })),
});
