import { getDb } from "@/db/client";
import { revokeEmbedToken } from "@/server/api/operations/embed-tokens";
import { apiRoute, methods } from "@/server/routes/api-route";
import { revokeEmbedToken as revoke } from "@/server/services/embed/embed-tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/embed-tokens/{embedId} – revoke a token
  DELETE: apiRoute(revokeEmbedToken, async ({ params }) => {
    await revoke(getDb(), params.organizationId, params.embedId);
  }),
});
