import { deliverNotifications } from "./functions/deliver-notifications";
import { sweepNotificationsOutbox } from "./functions/sweep-notifications-outbox";

export { inngest } from "./client";

/** Every Inngest function, served by app/api/inngest/route.ts (one per job in server/jobs/registry.ts). */
export const functions = [deliverNotifications, sweepNotificationsOutbox];
