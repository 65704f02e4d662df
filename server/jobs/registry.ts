import { deliverNotificationsJob, sweepNotificationsOutboxJob } from "./definitions/deliver-notifications";
import type { AnyJobDefinition } from "./types";

/** Every job, defined once; both providers run exactly this list. */
export const ALL_JOBS: AnyJobDefinition[] = [deliverNotificationsJob, sweepNotificationsOutboxJob];
