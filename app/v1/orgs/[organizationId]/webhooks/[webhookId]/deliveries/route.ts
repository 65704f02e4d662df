import { getDb } from "@/db/client";
import { listWebhookDeliveries } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listDeliveries } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries – the delivery log with attempts
  GET: apiRoute(listWebhookDeliveries, async ({ params, query, url }) =>
    listDeliveries(getDb(), params.organizationId, params.webhookId, { ...query, url: url.toString() }),
  ),
});
