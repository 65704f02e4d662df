import { analyticsMemberStatusJob, rebuildAnalyticsJob } from "@/server/jobs/definitions/analytics";
import { functionFromJob } from "../client";

/** Rebuild analytics rollups (one workspace or all). */
export const rebuildAnalytics = functionFromJob(rebuildAnalyticsJob);
/** Hourly: members' adherence and needs-attention. */
export const analyticsMemberStatus = functionFromJob(analyticsMemberStatusJob);
