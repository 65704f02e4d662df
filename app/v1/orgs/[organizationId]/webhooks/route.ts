import { getDb } from "@/db/client";
import { createWebhook, listWebhooks } from "@/server/api/operations/webhooks";
import { methods, route } from "@/server/api/route";
import { createWebhookEndpoint, listWebhookEndpointsOf } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks – the workspace's webhook endpoints
  GET: route(listWebhooks, async ({ params, query, url }) => listWebhookEndpointsOf(getDb(), params.organizationId, { ...query, url: url.toString() })),
  // POST /v1/orgs/{organizationId}/webhooks – register an endpoint (its secret is shown once)
  POST: route(createWebhook, async ({ params, body, targets }) => ({ data: await createWebhookEndpoint(getDb(), params.organizationId, body, targets.body) })),
});
