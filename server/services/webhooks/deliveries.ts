import type { Db } from "@/db/client";
import type { WebhookDeliveryStatus } from "@/db/schema";
import { findWebhookDelivery, findWebhookEndpoint, listWebhookAttempts, listWebhookDeliveries, resetDeliveries } from "@/db/queries/webhooks";
import { badRequest, conflict, notFound } from "@/server/core/errors";
import { listResult } from "@/server/core/pagination";
import { sendJobEventOnCommit } from "@/server/jobs/commit-relay";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";
import { RETRY_WINDOW_HOURS, enqueueWebhookEvent } from "./enqueue-webhook-event";
import { toWebhookDelivery } from "./serialize";

/** Deliveries (events, attempts) are kept this long. */
export const RETENTION_DAYS = 30;
/** Deliveries replayed by one bulk replay call (the oldest first). */
export const MAX_BULK_REPLAY = 1000;

async function endpointOrThrow(db: Db, organizationId: string, id: string) {
  const endpoint = await findWebhookEndpoint(db, organizationId, id);
  if (!endpoint) throw notFound("Webhook endpoint not found.");
  return endpoint;
}

/** The delivery log of an endpoint, newest first, each delivery with its attempts. */
export async function listDeliveries(
  db: Db,
  organizationId: string,
  endpointId: string,
  args: { status?: WebhookDeliveryStatus; eventType?: string; since?: string; limit: number; offset: number; url: string },
) {
  await endpointOrThrow(db, organizationId, endpointId);
  const { rows, total } = await listWebhookDeliveries(db, {
    endpointId,
    status: args.status,
    eventType: args.eventType,
    since: args.since ? new Date(args.since) : undefined,
    limit: args.limit,
    offset: args.offset,
  });
  const attempts = await listWebhookAttempts(
    db,
    rows.map((r) => r.delivery.id),
  );
  return listResult(
    args.url,
    rows.map((r) => toWebhookDelivery(r.delivery, r.body, attempts)),
    { limit: args.limit, offset: args.offset, total },
  );
}

export async function getDelivery(db: Db, organizationId: string, endpointId: string, deliveryId: string) {
  await endpointOrThrow(db, organizationId, endpointId);
  const row = await findWebhookDelivery(db, endpointId, deliveryId);
  if (!row) throw notFound("Webhook delivery not found.");
  return toWebhookDelivery(row.delivery, row.body, await listWebhookAttempts(db, [deliveryId]));
}

const assertEnabled = (status: string) => {
  if (status !== "enabled") throw conflict("The endpoint is disabled; enable it (PATCH enabled: true) before replaying.");
};

/** Sends a finished (succeeded or failed) delivery again now, same event id, with a fresh 24-hour retry window. */
export async function replayDelivery(db: Db, organizationId: string, endpointId: string, deliveryId: string) {
  const endpoint = await endpointOrThrow(db, organizationId, endpointId);
  assertEnabled(endpoint.status);
  await db.transaction(async (tx) => {
    const current = await findWebhookDelivery(tx, endpointId, deliveryId);
    if (!current) throw notFound("Webhook delivery not found.");
    if (current.delivery.status === "pending") throw conflict("The delivery is still pending: it is being sent or waits for its next retry (nextAttemptAt).");
    const ids = await resetDeliveries(tx, { endpointId, ids: [deliveryId], limit: 1, retryHours: RETRY_WINDOW_HOURS });
    if (ids.length) await sendJobEventOnCommit(tx, { name: "webhooks/deliveries.enqueued", data: { deliveryIds: ids } });
  });
  return getDelivery(db, organizationId, endpointId, deliveryId);
}

/** Replays every failed delivery of the endpoint created since `since` (oldest first, at most MAX_BULK_REPLAY). */
export async function replayFailedDeliveries(db: Db, organizationId: string, endpointId: string, since: string, target: string) {
  const from = new Date(since);
  if (from.getTime() < Date.now() - RETENTION_DAYS * 86_400_000)
    throw badRequest(`since must be within the last ${RETENTION_DAYS} days (the delivery log's retention).`, target);
  const endpoint = await endpointOrThrow(db, organizationId, endpointId);
  assertEnabled(endpoint.status);
  const ids = await db.transaction(async (tx) => {
    const ids = await resetDeliveries(tx, { endpointId, failedSince: from, limit: MAX_BULK_REPLAY, retryHours: RETRY_WINDOW_HOURS });
    for (let i = 0; i < ids.length; i += 100) {
      await sendJobEventOnCommit(tx, { name: "webhooks/deliveries.enqueued", data: { deliveryIds: ids.slice(i, i + 100) } });
    }
    return ids;
  });
  return { replayed: ids.length, deliveryIds: ids };
}

/**
 * Sends a test event to this endpoint only, whatever it subscribes to: `webhook.test`, or the
 * declared example of `eventType` (so a receiver can try its parser on a real shape).
 */
export async function sendTestEvent(db: Db, organizationId: string, endpointId: string, eventType?: WebhookEventType) {
  const endpoint = await endpointOrThrow(db, organizationId, endpointId);
  assertEnabled(endpoint.status);
  const { deliveryIds } = await db.transaction((tx) =>
    eventType
      ? enqueueWebhookEvent(tx, {
          organizationId,
          type: eventType,
          data: WEBHOOK_EVENT_TYPES[eventType].example as never,
          endpointIds: [endpointId],
          test: true,
        })
      : enqueueWebhookEvent(tx, {
          organizationId,
          type: "webhook.test",
          data: { endpointId, message: "This is a test event from Forma." },
          endpointIds: [endpointId],
        }),
  );
  return getDelivery(db, organizationId, endpointId, deliveryIds[0]!);
}
