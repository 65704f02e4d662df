import { z } from "zod";
import { getDb } from "@/db/client";
import { announceDisabledEndpoints } from "@/server/services/webhooks/announce-disabled-endpoints";
import { deliverWebhookBatch } from "@/server/services/webhooks/deliver-webhooks";
import { pruneIntegrationData } from "@/server/services/webhooks/prune-integration-data";
import { JOB_EVENTS } from "../events";
import { defineJob } from "../types";

/** Delivers the webhook deliveries a commit (or a replay, or a test send) announced, right away. */
export const deliverWebhooksJob = defineJob({
  id: "deliver-webhooks",
  name: "Deliver webhooks",
  trigger: { event: "webhooks/deliveries.enqueued" },
  payload: JOB_EVENTS["webhooks/deliveries.enqueued"],
  retries: 2,
  // Several runs at once on the local provider: a run waiting on a slow receiver does not hold up the next events.
  localConcurrency: 4,
  handler: ({ payload, io }) => deliverWebhookBatch(io, { eventId: payload.eventId, ids: payload.deliveryIds, limit: 100, coalesce: true }),
});

/**
 * Every minute: delivers due retries and deliveries whose wake-up was lost, and tells workspaces
 * about endpoints disabled for failures.
 */
export const sweepWebhooksJob = defineJob({
  id: "sweep-webhooks",
  name: "Sweep webhook deliveries",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: async ({ io }) => ({
    deliveries: await deliverWebhookBatch(io, { limit: 200 }),
    announced: await io.run("announce-disabled", () => announceDisabledEndpoints(getDb())),
  }),
});

/** Hourly: expired Idempotency-Key records, webhook events past their 30 days, usage buckets past 35 days. */
export const pruneIntegrationDataJob = defineJob({
  id: "prune-integration-data",
  name: "Prune idempotency keys, webhook logs and usage buckets",
  trigger: { cron: "17 * * * *" },
  payload: z.object({}).loose(),
  retries: 1,
  handler: ({ io }) => io.run("prune", () => pruneIntegrationData(getDb())),
});
