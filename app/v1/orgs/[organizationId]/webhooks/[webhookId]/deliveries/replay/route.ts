import { replayFailedWebhookDeliveries } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { replayFailedDeliveries } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/replay – replay every failed delivery since a time
  POST: apiRoute(replayFailedWebhookDeliveries, async ({ db, params, body }) => ({
    data: await replayFailedDeliveries(db, params.organizationId, params.webhookId, body.since, "since"),
  })),
});
