import { type Tx, getDb } from "@/db/client";
import {
  type ClaimedDelivery,
  claimWebhookDeliveries,
  failPendingDeliveries,
  findDeliveryForSending,
  insertWebhookAttempt,
  markEndpointFailing,
  markEndpointHealthy,
  takeClaimedDelivery,
  updateWebhookDelivery,
  updateWebhookEndpoint,
} from "@/db/queries/webhooks";
import { log } from "@/server/core/log";
import { env } from "@/server/env";
import type { JobIo } from "@/server/jobs/types";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";
import { postWebhook } from "./outbound";
import { openSecret, signatureHeader } from "./secrets";
import { metrics } from "@/server/observability/metrics";
import { withSpan } from "@/server/observability/tracing";

/** A receiver has this long to answer (DNS, connect, request and response excerpt). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An endpoint whose every delivery failed for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * 3600 * 1000;
/** How long a claimed delivery stays invisible to other deliverers (longer than one attempt can take). */
const LEASE_SECONDS = 60;
/** Deliveries sent at the same time by one job run. */
const CONCURRENCY = 8;

export type WebhookOutcome = "succeeded" | "retry" | "failed" | "skipped";

/**
 * Seconds before the attempt after `attempts` failed ones: 10 s, 40 s, 160 s, ~11 min, ~43 min,
 * ~2.8 h, then every 6 h, each with +-10 % jitter, until the 24-hour retry window closes (the last
 * attempt is made when it closes). About ten attempts in all.
 */
export function retryDelaySeconds(attempts: number, jitter = Math.random()): number {
  const base = Math.min(6 * 3600, 10 * 4 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + 0.2 * jitter));
}

/** The headers of one attempt (Standard Webhooks), signed with every secret currently valid. */
export function deliveryHeaders(args: { eventId: string; body: string; secrets: string[]; now: Date }): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Forma-Webhooks/1.0 (+https://www.standardwebhooks.com)",
    "webhook-id": args.eventId,
    "webhook-timestamp": String(Math.floor(args.now.getTime() / 1000)),
    "webhook-signature": signatureHeader(args.secrets, args.eventId, args.now, args.body),
  };
}

/** Claims due deliveries: those of one event, given ones, or any due (the sweep). */
export function claimDeliveries(db: Tx, args: { eventId?: string; ids?: string[]; limit: number }): Promise<ClaimedDelivery[]> {
  return claimWebhookDeliveries(db, { ...args, leaseSeconds: LEASE_SECONDS });
}

/**
 * Sends one claimed delivery and records the attempt, the delivery's state and the endpoint's
 * health. A claim is sent at most once: a second execution of it is "skipped".
 */
export async function deliverWebhook(db: Tx, claim: ClaimedDelivery): Promise<WebhookOutcome> {
  const outcome = await deliverClaimed(db, claim);
  metrics().webhookDeliveries.inc({ outcome });
  return outcome;
}

async function deliverClaimed(db: Tx, claim: ClaimedDelivery): Promise<WebhookOutcome> {
  if (!(await takeClaimedDelivery(db, claim))) return "skipped";
  const row = await findDeliveryForSending(db, claim.id);
  if (row?.delivery.status !== "pending") return "skipped";
  const { delivery, event, endpoint } = row;
  if (endpoint.status !== "enabled") {
    await updateWebhookDelivery(db, delivery.id, { status: "failed", lastError: "The endpoint is disabled." });
    return "failed";
  }

  const now = new Date();
  const secrets = [await openSecret(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(await openSecret(endpoint.previousSecret));
  }
  const outcome = await withSpan("webhook POST", { "forma.webhook.event_type": event.type ?? "" }, () =>
    postWebhook(endpoint.url, {
      headers: deliveryHeaders({ eventId: event.id, body: event.body, secrets, now }),
      body: event.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
    }),
  );
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const attempt = delivery.attempts + 1;
  const error = ok ? null : (outcome.error ?? `The receiver answered ${outcome.statusCode}.`);

  return db.transaction(async (tx) => {
    await insertWebhookAttempt(tx, {
      deliveryId: delivery.id,
      attempt,
      startedAt: now,
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      responseExcerpt: outcome.excerpt,
      error,
    });
    const recorded = { attempts: attempt, lastAttemptAt: now, lastStatusCode: outcome.statusCode, lastError: error };
    if (ok) {
      await updateWebhookDelivery(tx, delivery.id, { ...recorded, status: "succeeded", succeededAt: new Date() });
      await markEndpointHealthy(tx, endpoint.id);
      return "succeeded";
    }
    const final = Date.now() >= delivery.retryUntil.getTime();
    const next = new Date(Math.min(Date.now() + retryDelaySeconds(attempt) * 1000, delivery.retryUntil.getTime()));
    await updateWebhookDelivery(tx, delivery.id, { ...recorded, status: final ? "failed" : "pending", nextAttemptAt: next });
    const failingSince = await markEndpointFailing(tx, endpoint.id);
    if (Date.now() - failingSince.getTime() >= DISABLE_AFTER_MS)
      await disableFailingEndpoint(tx, endpoint.id, endpoint.organizationId, endpoint.url, failingSince);
    log("warn", "webhook delivery failed", { deliveryId: delivery.id, endpointId: endpoint.id, attempt, statusCode: outcome.statusCode, final, err: error });
    return final ? "failed" : "retry";
  });
}

/**
 * Disables an endpoint whose deliveries failed for 24 hours: its pending deliveries are given up,
 * the workspace's other endpoints that subscribe hear `webhook.endpoint.disabled`, and the
 * workspace is told by notification (disabled_notified_at null: the sweep sends it, durably).
 */
async function disableFailingEndpoint(tx: Tx, endpointId: string, organizationId: string, url: string, failingSince: Date): Promise<void> {
  const disabled = await updateWebhookEndpoint(tx, endpointId, {
    status: "disabled",
    disabledReason: "failing",
    disabledAt: new Date(),
    disabledNotifiedAt: null,
  });
  await failPendingDeliveries(tx, endpointId, "The endpoint was disabled after failing for 24 hours.");
  await enqueueWebhookEvent(tx, {
    organizationId,
    type: "webhook.endpoint.disabled",
    data: { endpointId, url, failingSince: failingSince.toISOString(), disabledAt: disabled.disabledAt!.toISOString() },
  });
  log("warn", "webhook endpoint disabled after failing for 24 hours", { endpointId, organizationId });
}

/**
 * The delivery job's body: claim, then send each delivery in its own step (a retried Inngest run
 * never resends one already recorded), CONCURRENCY at a time. With `coalesce`, a run triggered for
 * some deliveries also claims whatever else is due, so a burst of events is delivered by the first
 * runs and the runs queued behind them find nothing left to do.
 */
export async function deliverWebhookBatch(
  io: JobIo,
  args: { eventId?: string; ids?: string[]; limit: number; coalesce?: boolean },
): Promise<Record<WebhookOutcome, number>> {
  const claims = await io.run("claim", async () => {
    const targeted = args.eventId !== undefined || args.ids !== undefined;
    const own = targeted ? await claimDeliveries(getDb(), args) : [];
    const more = !targeted || (args.coalesce && own.length < args.limit) ? await claimDeliveries(getDb(), { limit: args.limit - own.length }) : [];
    return [...own, ...more];
  });
  const counts: Record<WebhookOutcome, number> = { succeeded: 0, retry: 0, failed: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < claims.length; i = next++) counts[await io.run(`deliver-${claims[i]!.id}`, () => deliverWebhook(getDb(), claims[i]!))]++;
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claims.length) }, worker));
  return counts;
}
