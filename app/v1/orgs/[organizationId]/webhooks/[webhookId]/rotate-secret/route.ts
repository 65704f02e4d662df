import { rotateWebhookSecret as op } from "@/server/api/operations/webhooks";
import { methods, route } from "@/server/api/route";
import { rotateWebhookSecret } from "@/server/services/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/webhooks/{webhookId}/rotate-secret – new secret, the old one valid for an overlap
  POST: route(op, async ({ db, params, body }) => ({
    data: await rotateWebhookSecret(db, params.organizationId, params.webhookId, body.overlapSeconds),
  })),
});
