import { getDb } from "@/db/client";
import { getWebhookDelivery } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getDelivery } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId} – one delivery with its attempts
  GET: apiRoute(getWebhookDelivery, async ({ params }) => ({ data: await getDelivery(getDb(), params.organizationId, params.webhookId, params.deliveryId) })),
});
