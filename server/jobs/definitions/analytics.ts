import { z } from "zod";
import { getDb } from "@/db/client";
import { backfillAnalytics, rebuildWorkspaceAnalytics, refreshAllMemberStatus } from "@/server/services/analytics/rebuild-rollups";
import { defineJob } from "../types";

/**
 * Rebuilds analytics rollups from the raw rows (docs/analytics.md): one workspace as a
 * correction, or every workspace as the backfill (`npm run analytics:backfill` sends it too).
 * Each workspace is one transaction, so a retried run starts clean.
 */
export const rebuildAnalyticsJob = defineJob({
  id: "rebuild-analytics",
  name: "Rebuild analytics rollups",
  trigger: { event: "analytics/rebuild.requested" },
  payload: z.object({ organizationId: z.string().optional() }).loose(),
  retries: 2,
  handler: ({ payload, io }) =>
    io.run("rebuild", async () =>
      payload.organizationId ? [await rebuildWorkspaceAnalytics(getDb(), payload.organizationId)] : await backfillAnalytics(getDb()),
    ),
});

/** Hourly: adherence and the needs-attention verdict of every member with an active plan. */
export const analyticsMemberStatusJob = defineJob({
  id: "analytics-member-status",
  name: "Refresh members' adherence and needs-attention",
  trigger: { cron: "23 * * * *" },
  payload: z.object({}).loose(),
  retries: 1,
  handler: ({ io }) => io.run("refresh", () => refreshAllMemberStatus(getDb())),
});
