import { sweepSocialDropsJob } from "@/server/jobs/definitions/social";
import { functionFromJob } from "../client";

/** Every five minutes: re-requests drops stuck in processing. */
export const sweepSocialDrops = functionFromJob(sweepSocialDropsJob);
