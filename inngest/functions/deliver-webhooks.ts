import { deliverWebhooksJob } from "@/server/jobs/definitions/webhooks";
import { functionFromJob } from "../client";

/** Delivers the webhook deliveries a commit announced (event webhooks/deliveries.enqueued). */
export const deliverWebhooks = functionFromJob(deliverWebhooksJob);
