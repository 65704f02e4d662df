import { createWebhook, listWebhooks } from "@/server/api/operations/webhooks";
import { methods, route } from "@/server/api/route";
import { createWebhookEndpoint, listWebhookEndpointsOf } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks – the workspace's webhook endpoints
  GET: route(listWebhooks, async ({ db, params, query, url }) => listWebhookEndpointsOf(db, params.organizationId, { ...query, url: url.toString() })),
  // POST /v1/orgs/{organizationId}/webhooks – register an endpoint (its secret is shown once)
  POST: route(createWebhook, async ({ db, params, body, targets }) => ({ data: await createWebhookEndpoint(db, params.organizationId, body, targets.body) })),
});
