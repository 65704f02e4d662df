import { deliverNotificationsJob } from "@/server/jobs/definitions/deliver-notifications";
import { functionFromJob } from "../client";

/** Delivers the assignment notifications a commit announced (event notifications/outbox.enqueued). */
export const deliverNotifications = functionFromJob(deliverNotificationsJob);
