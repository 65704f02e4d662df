import type { Db } from "@/db/client";
import { listLiveOrganizationKeys } from "@/db/queries/api-keys";
import { getUsage } from "@/server/services/usage/get-usage";

/** A usage series as the chart draws it: buckets and totals, without the per-operation breakdown. */
const seriesOf = (s: { from: string; to: string; units: number; requests: number; buckets: { start: string; units: number; requests: number }[] }) => ({
  from: s.from,
  to: s.to,
  units: s.units,
  requests: s.requests,
  buckets: s.buckets,
});

/**
 * The console's usage chart, read through the same usage service as
 * `GET /v1/orgs/{organizationId}/usage`: the workspace's units per hour over the last 24 hours and
 * per UTC day over the last 30, every live key's consumption in the current hourly and daily
 * windows against the plan's caps (caps apply per key), and when each key was last used.
 */
export async function getWorkspaceUsage(db: Db, organizationId: string) {
  const [usage, keys] = await Promise.all([getUsage(db, organizationId), listLiveOrganizationKeys(db, organizationId)]);
  const windows = new Map(usage.windows.map((w) => [w.apiKeyId, w]));
  const window = (w: { used: number; resetAt: string | null } | undefined, cap: number) => ({
    used: w?.used ?? 0,
    cap,
    reset: w?.resetAt ? Math.floor(new Date(w.resetAt).getTime() / 1000) : null,
  });
  return {
    plan: usage.plan.subscriptionPlan,
    isTrial: usage.plan.isTrial,
    caps: { hourly: usage.plan.hourlyCap, daily: usage.plan.dailyCap },
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      kind: k.kind,
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      hourly: window(windows.get(k.id)?.hourly, usage.plan.hourlyCap),
      daily: window(windows.get(k.id)?.daily, usage.plan.dailyCap),
    })),
    last24Hours: seriesOf(usage.last24Hours),
    last30Days: seriesOf(usage.last30Days),
  };
}
