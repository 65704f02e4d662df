import type { Tx } from "@/db/client";
import { findSubscribedEndpointIds, insertWebhookEvent } from "@/db/queries/webhooks";
import { newId } from "@/db/schema/columns";
import { sendJobEventOnCommit } from "@/server/jobs/commit-relay";
import { WEBHOOK_EVENT_TYPES, type WebhookEventData, type WebhookEventType } from "./event-types";

/** Deliveries are retried for this long after they are created (or replayed). */
export const RETRY_WINDOW_HOURS = 24;

export interface EnqueuedWebhookEvent {
  /** null when no enabled endpoint of the workspace subscribes to the type: nothing is stored. */
  eventId: string | null;
  deliveryIds: string[];
}

/**
 * Announces an event to the workspace's webhook endpoints. Call it inside the transaction of the
 * change it announces (the outbox pattern): the event and one delivery per subscribed endpoint
 * are written there, and the delivery job is woken when, and only if, the transaction commits
 * (sendJobEventOnCommit); the minute sweep delivers anything whose wake-up was lost.
 *
 * `data` is validated against the type's declared schema (event-types.ts); pass a function to
 * build it only when some endpoint subscribes (one indexed query is all it costs otherwise).
 *
 *   await db.transaction(async (tx) => {
 *     const row = await markExportReady(tx, exportId);
 *     await enqueueWebhookEvent(tx, { organizationId, type: "workout.export.ready", data: { ... } });
 *   });
 */
export async function enqueueWebhookEvent<T extends WebhookEventType>(
  tx: Tx,
  args: {
    organizationId: string;
    type: T;
    data: WebhookEventData<T> | (() => WebhookEventData<T> | Promise<WebhookEventData<T>>);
    /** Only these endpoints (the test event); default: every enabled endpoint subscribed to the type. */
    endpointIds?: string[];
    /** A test send (POST .../test): the body says `"test": true` and the delivery is flagged. */
    test?: boolean;
  },
): Promise<EnqueuedWebhookEvent> {
  const endpointIds = args.endpointIds ?? (await findSubscribedEndpointIds(tx, args.organizationId, args.type));
  if (endpointIds.length === 0) return { eventId: null, deliveryIds: [] };
  const raw = typeof args.data === "function" ? await (args.data as () => unknown)() : args.data;
  const data = WEBHOOK_EVENT_TYPES[args.type].data.parse(raw);
  const eventId = newId();
  const test = args.test ?? args.type === "webhook.test";
  const body = JSON.stringify({ type: args.type, timestamp: new Date().toISOString(), organizationId: args.organizationId, ...(test ? { test } : {}), data });
  const deliveryIds = await insertWebhookEvent(tx, {
    id: eventId,
    organizationId: args.organizationId,
    type: args.type,
    body,
    endpointIds,
    retryHours: RETRY_WINDOW_HOURS,
    test,
  });
  await sendJobEventOnCommit(tx, { name: "webhooks/deliveries.enqueued", data: { eventId } });
  return { eventId, deliveryIds };
}
