import { deleteWebhook, getWebhook, updateWebhook } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteWebhookEndpointOf, getWebhookEndpoint, updateWebhookEndpointOf } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks/{webhookId} – one endpoint
  GET: apiRoute(getWebhook, async ({ db, params }) => ({ data: await getWebhookEndpoint(db, params.organizationId, params.webhookId) })),
  // PATCH /v1/orgs/{organizationId}/webhooks/{webhookId} – change, disable or re-enable an endpoint
  PATCH: apiRoute(updateWebhook, async ({ db, params, body, targets }) => ({
    data: await updateWebhookEndpointOf(db, params.organizationId, params.webhookId, body, targets.body),
  })),
  // DELETE /v1/orgs/{organizationId}/webhooks/{webhookId} – delete an endpoint and its log
  DELETE: apiRoute(deleteWebhook, async ({ db, params }) => deleteWebhookEndpointOf(db, params.organizationId, params.webhookId)),
});
