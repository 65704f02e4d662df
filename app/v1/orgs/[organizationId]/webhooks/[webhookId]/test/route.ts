import { testWebhook } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { sendTestEvent } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/test – queue a test event for this endpoint
  POST: apiRoute(testWebhook, async ({ db, params, body }) => ({ data: await sendTestEvent(db, params.organizationId, params.webhookId, body.eventType) })),
});
