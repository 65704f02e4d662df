import { pruneIntegrationDataJob } from "@/server/jobs/definitions/webhooks";
import { functionFromJob } from "../client";

/** Hourly: expired idempotency keys, old webhook logs and usage buckets. */
export const pruneIntegrationData = functionFromJob(pruneIntegrationDataJob);
