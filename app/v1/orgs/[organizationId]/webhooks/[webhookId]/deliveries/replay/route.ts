import { getDb } from "@/db/client";
import { replayFailedWebhookDeliveries } from "@/server/api/operations/webhooks";
import { methods, route } from "@/server/api/route";
import { replayFailedDeliveries } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/replay – replay every failed delivery since a time
  POST: route(replayFailedWebhookDeliveries, async ({ params, body }) => ({
    data: await replayFailedDeliveries(getDb(), params.organizationId, params.webhookId, body.since, "since"),
  })),
});
