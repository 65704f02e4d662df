import type { Db } from "@/db/client";
import { deleteExpiredIdempotencyKeys } from "@/db/queries/idempotency-keys";
import { deleteUsageBefore } from "@/db/queries/usage";
import { deleteWebhookEventsBefore } from "@/db/queries/webhooks";
import { RETENTION_DAYS } from "./deliveries";

/** Usage buckets (hourly and daily) are kept a little longer than the 30 days the usage report shows. */
const USAGE_RETENTION_DAYS = 35;

/** Deletes what has outlived its purpose; returns how many rows of each. */
export async function pruneIntegrationData(db: Db, now = new Date()) {
  return {
    idempotencyKeys: await deleteExpiredIdempotencyKeys(db),
    webhookEvents: await deleteWebhookEventsBefore(db, new Date(now.getTime() - RETENTION_DAYS * 86_400_000)),
    usageBuckets: await deleteUsageBefore(db, new Date(now.getTime() - USAGE_RETENTION_DAYS * 86_400_000)),
  };
}
