import { replayWebhookDelivery } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { replayDelivery } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay – send one delivery again
  POST: apiRoute(replayWebhookDelivery, async ({ db, params }) => ({
    data: await replayDelivery(db, params.organizationId, params.webhookId, params.deliveryId),
  })),
});
