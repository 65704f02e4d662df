import { listWebhookEventTypes } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listEventTypes } from "@/server/services/webhooks/event-types";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/webhooks/event-types – the event types an endpoint can subscribe to
  GET: apiRoute(listWebhookEventTypes, async () => ({ data: listEventTypes() })),
});
