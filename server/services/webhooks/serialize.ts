import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from "@/db/queries/webhooks";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhookEndpoint(e: WebhookEndpointRow) {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt : null;
  return {
    id: e.id,
    organizationId: e.organizationId,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    status: e.status,
    disabledReason: e.disabledReason,
    disabledAt: iso(e.disabledAt),
    failingSince: iso(e.failingSince),
    previousSecretExpiresAt: iso(overlap),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function toWebhookAttempt(a: WebhookAttemptRow) {
  return {
    attempt: a.attempt,
    startedAt: a.startedAt.toISOString(),
    statusCode: a.statusCode,
    latencyMs: a.latencyMs,
    responseExcerpt: a.responseExcerpt,
    error: a.error,
  };
}

export function toWebhookDelivery(d: WebhookDeliveryRow, body: string, attempts: WebhookAttemptRow[]) {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    test: d.test,
    attemptCount: d.attempts,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    retryUntil: d.retryUntil.toISOString(),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    succeededAt: iso(d.succeededAt),
    createdAt: d.createdAt.toISOString(),
    payload: JSON.parse(body) as Record<string, unknown>,
    attempts: attempts.filter((a) => a.deliveryId === d.id).map(toWebhookAttempt),
  };
}
