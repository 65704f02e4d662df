import { rotateWebhookSecret as op } from "@/server/api/operations/webhooks";
import { apiRoute, methods } from "@/server/routes/api-route";
import { rotateWebhookSecret } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/rotate-secret – new secret, the old one valid for an overlap
  POST: apiRoute(op, async ({ db, params, body }) => ({
    data: await rotateWebhookSecret(db, params.organizationId, params.webhookId, body.overlapSeconds),
  })),
});
