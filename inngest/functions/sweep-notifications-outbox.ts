import { sweepNotificationsOutboxJob } from "@/server/jobs/definitions/deliver-notifications";
import { functionFromJob } from "../client";

/** Every minute: delivers outbox rows whose event was lost or whose retry is due. */
export const sweepNotificationsOutbox = functionFromJob(sweepNotificationsOutboxJob);
