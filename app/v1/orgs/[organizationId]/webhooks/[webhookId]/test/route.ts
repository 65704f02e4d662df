import { testWebhook } from "@/server/api/operations/webhooks";
import { methods, route } from "@/server/api/route";
import { sendTestEvent } from "@/server/services/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/test – queue a test event for this endpoint
  POST: route(testWebhook, async ({ db, params, body }) => ({ data: await sendTestEvent(db, params.organizationId, params.webhookId, body.eventType) })),
});
