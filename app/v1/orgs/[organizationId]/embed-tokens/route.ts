import { getDb } from "@/db/client";
import { createEmbedToken } from "@/server/api/operations/embed-tokens";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createEmbedToken as mint } from "@/server/services/embed/embed-tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/embed-tokens – mint a signed player token (shown once)
  POST: apiRoute(createEmbedToken, async ({ params, body, caller }) => ({ data: await mint(getDb(), caller, params.organizationId, body) })),
});
