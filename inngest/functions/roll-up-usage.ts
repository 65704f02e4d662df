import { rollUpUsageJob } from "@/server/jobs/definitions/usage";
import { functionFromJob } from "../client";

/** Hourly: usage buckets older than 48 hours rolled into daily buckets. */
export const rollUpUsage = functionFromJob(rollUpUsageJob);
