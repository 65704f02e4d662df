import { z } from "zod";
import { getDb } from "@/db/client";
import { rollUpUsage } from "@/server/services/usage/roll-up-usage";
import { defineJob } from "../types";

/**
 * Hourly: rolls usage buckets older than 48 hours into daily buckets, so that reading 30 days of
 * usage costs about 30 rows per key and operation plus two days of hourly rows.
 */
export const rollUpUsageJob = defineJob({
  id: "roll-up-usage",
  name: "Roll hourly usage buckets up into days",
  trigger: { cron: "7 * * * *" },
  payload: z.object({}).loose(),
  retries: 1,
  handler: ({ io }) => io.run("roll-up", () => rollUpUsage(getDb())),
});
