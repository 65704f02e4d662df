import type { Db } from "@/db/client";
import { listUsageReportKeys } from "@/db/queries/api-keys";
import { findOrganizationLimits } from "@/db/queries/organizations";
import { usageByApiKey, usageByOperation, usageSeries } from "@/db/queries/usage";
import { notFound } from "@/server/core/errors";
import { type WindowUsage, capsFor, rateLimitWindows } from "@/server/core/rate-limit";
import { flushUsageTally, hourOf } from "@/server/services/usage/usage-tally";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const windowOf = (w: WindowUsage) => ({
  limit: w.limit,
  used: w.used,
  remaining: w.remaining,
  resetAt: w.reset === null ? null : new Date(w.reset * 1000).toISOString(),
});

/** Buckets from `from` every `step` ms up to `count`, filled from the rows (missing ones are 0). */
function fill(rows: { start: Date; units: number; requests: number }[], from: number, step: number, count: number) {
  const byStart = new Map(rows.map((r) => [r.start.getTime(), r]));
  return Array.from({ length: count }, (_, i) => {
    const start = from + i * step;
    const row = byStart.get(start);
    return { start: new Date(start).toISOString(), units: row?.units ?? 0, requests: row?.requests ?? 0 };
  });
}

const sum = (rows: { units: number; requests: number }[]) =>
  rows.reduce((a, r) => ({ units: a.units + r.units, requests: a.requests + r.requests }), { units: 0, requests: 0 });
const byUnits = <T extends { units: number }>(a: T, b: T) => b.units - a.units;

/**
 * What a workspace used: the plan's caps (per API key, weighted units), each key's current hourly
 * and daily windows as the rate limiter counts them, and the last 24 hours (hourly buckets) and 30
 * days (daily buckets) broken down per API key and per operation, read from the hourly usage
 * buckets (server/services/usage/usage-tally.ts) and, beyond 48 hours, the daily ones they are rolled into
 * (roll-up-usage.ts). This process's unflushed counts are written first.
 */
export async function getUsage(db: Db, organizationId: string, now = new Date()) {
  await flushUsageTally();
  const limits = await findOrganizationLimits(db, organizationId);
  if (!limits) throw notFound("Organization not found.");
  const caps = capsFor(limits);
  const from24 = hourOf(now.getTime()) - 23 * HOUR;
  const today = now.getTime() - (now.getTime() % DAY);
  const from30 = today - 29 * DAY;

  const [keys, hours, days, perKey, perOperation] = await Promise.all([
    listUsageReportKeys(db, organizationId),
    usageSeries(db, organizationId, new Date(from24), "hour"),
    usageSeries(db, organizationId, new Date(from30), "day"),
    usageByApiKey(db, organizationId, new Date(from30), new Date(from24)),
    usageByOperation(db, organizationId, new Date(from30), new Date(from24)),
  ]);
  const windows = await Promise.all(keys.map((k) => rateLimitWindows(`key:${k.id}`, limits)));
  const keyInfo = new Map(keys.map((k) => [k.id, k]));
  const keyRow = (apiKeyId: string | null, units: number, requests: number) => ({
    apiKeyId,
    name: apiKeyId ? (keyInfo.get(apiKeyId)?.name ?? null) : "Member access tokens",
    prefix: apiKeyId ? (keyInfo.get(apiKeyId)?.prefix ?? null) : null,
    units,
    requests,
  });

  const hourBuckets = fill(hours, from24, HOUR, 24);
  const dayBuckets = fill(days, from30, DAY, 30);
  return {
    organizationId,
    plan: { subscriptionPlan: limits.subscriptionPlan, isTrial: limits.isTrial, hourlyCap: caps.hourly, dailyCap: caps.daily },
    windows: keys.map((k, i) => ({ apiKeyId: k.id, name: k.name, prefix: k.prefix, hourly: windowOf(windows[i]!.hourly), daily: windowOf(windows[i]!.daily) })),
    last24Hours: {
      from: new Date(from24).toISOString(),
      to: now.toISOString(),
      ...sum(hourBuckets),
      buckets: hourBuckets,
      byApiKey: perKey
        .filter((r) => r.recentRequests > 0)
        .map((r) => keyRow(r.apiKeyId, r.recentUnits, r.recentRequests))
        .sort(byUnits),
      byOperation: perOperation
        .filter((r) => r.recentRequests > 0)
        .map((r) => ({ operationId: r.operationId, units: r.recentUnits, requests: r.recentRequests }))
        .sort(byUnits),
    },
    last30Days: {
      from: new Date(from30).toISOString(),
      to: now.toISOString(),
      ...sum(dayBuckets),
      buckets: dayBuckets,
      byApiKey: perKey.map((r) => keyRow(r.apiKeyId, r.units, r.requests)).sort(byUnits),
      byOperation: perOperation.map((r) => ({ operationId: r.operationId, units: r.units, requests: r.requests })).sort(byUnits),
    },
  };
}
