import { createWebhook, listWebhooks } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createWebhookEndpoint, listWebhookEndpointsOf } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks – the workspace's webhook endpoints
  GET: apiRoute(listWebhooks, async ({ db, params, query, url }) => listWebhookEndpointsOf(db, params.organizationId, { ...query, url: url.toString() })),
  // POST /v1/orgs/{organizationId}/webhooks – register an endpoint (its secret is shown once)
  POST: apiRoute(createWebhook, async ({ db, params, body, targets }) => ({ data: await createWebhookEndpoint(db, params.organizationId, body, targets.body) })),
});
