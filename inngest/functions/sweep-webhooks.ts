import { sweepWebhooksJob } from "@/server/jobs/definitions/webhooks";
import { functionFromJob } from "../client";

/** Every minute: due webhook retries, lost wake-ups, notices of disabled endpoints. */
export const sweepWebhooks = functionFromJob(sweepWebhooksJob);
