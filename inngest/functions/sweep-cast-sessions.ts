import { sweepCastSessionsJob } from "@/server/jobs/definitions/cast";
import { functionFromJob } from "../client";

/** Every minute: ends expired cast sessions and unpairs silent controllers. */
export const sweepCastSessions = functionFromJob(sweepCastSessionsJob);
