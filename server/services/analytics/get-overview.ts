import type { Tx } from "@/db/client";
import { activeMemberSeries, activeMembers, apiUsageByDay, workoutRanking, workspacePlays, workspaceOutcomes } from "@/db/queries/analytics";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { capsFor } from "@/server/core/rate-limit";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { readWithPendingUsage } from "@/server/services/usage/usage-tally";
import { listMemberAttention } from "./member-status";
import { playSeries, sumPlays } from "./plays";
import { type AnalyticsRange, fillBuckets, isoDay, minutes, ratio } from "./range";

/** Top and bottom lists hold this many workouts. */
export const RANKING_SIZE = 5;
/** A workout needs this many plays in the range to be ranked by completion rate (bottom content). */
export const BOTTOM_MIN_STARTS = 3;

/**
 * The workspace dashboard: active members (day, week and month ending at `to`, and per bucket),
 * plays and minutes, the most and least completed workouts, members needing attention, autopilot
 * runs, social posts and exports, and API usage against the plan's daily cap.
 */
export async function getOverview(db: Tx, args: { organizationId: string; range: AnalyticsRange; locale: Locale }) {
  const { range, organizationId } = args;
  const limits = await organizationLimits(organizationId);
  if (!limits) throw notFound("Organization not found.");
  const [plays, actives, activeSeries, ranking, outcomes, usage, attention] = await Promise.all([
    workspacePlays(db, organizationId, range.from, range.to, range.interval),
    activeMembers(db, organizationId, range.to),
    activeMemberSeries(db, organizationId, range.from, range.to, range.interval),
    workoutRanking(db, organizationId, range.from, range.to),
    workspaceOutcomes(db, organizationId, range.from, range.to),
    readWithPendingUsage(
      organizationId,
      () => apiUsageByDay(db, organizationId, range.from, range.to),
      (days, cell) => {
        const day = isoDay(cell.hour.getTime());
        if (day < range.from || day > range.to) return;
        const row = days.find((d) => d.day === day);
        if (row) {
          row.units += cell.units;
          row.requests += cell.requests;
        } else days.push({ day, units: cell.units, requests: cell.requests });
      },
    ),
    listMemberAttention(db, { organizationId, needsAttention: true, limit: RANKING_SIZE, offset: 0, pick: (m) => pickText(m, args.locale) }),
  ]);
  const activeByStart = new Map(activeSeries.map((a) => [a.start, a.members]));
  const content = (r: (typeof ranking)[number]) => ({
    workoutId: r.workoutId,
    name: pickText(r.name, args.locale),
    starts: r.starts,
    completions: r.completions,
    completionRate: ratio(r.completions, r.starts),
    minutes: minutes(r.seconds),
  });
  const bottom = ranking
    .filter((r) => r.starts >= BOTTOM_MIN_STARTS)
    .map(content)
    .sort((a, b) => (a.completionRate ?? 0) - (b.completionRate ?? 0) || b.starts - a.starts || a.workoutId.localeCompare(b.workoutId))
    .slice(0, RANKING_SIZE);
  const caps = capsFor(limits);
  const units = usage.reduce((a, u) => a + u.units, 0);
  const peak = usage.reduce((a, u) => (u.units > a.units ? u : a), { day: range.to, units: 0, requests: 0 });
  const autopilot = outcomes.autopilot ?? {};
  const social = outcomes.social ?? {};
  return {
    range,
    activeMembers: actives,
    totals: sumPlays(plays),
    series: fillBuckets(range, playSeries(range, plays), (p, start) => ({ ...p!, activeMembers: activeByStart.get(start) ?? 0 })),
    topContent: ranking.slice(0, RANKING_SIZE).map(content),
    bottomContent: bottom,
    needsAttention: { total: attention.total, members: attention.items },
    autopilot: {
      succeeded: autopilot.success ?? 0,
      failed: autopilot.failed ?? 0,
      skippedLimit: autopilot.skipped_limit ?? 0,
      skippedPremiumLost: autopilot.skipped_premium_lost ?? 0,
    },
    social: { published: social.published ?? 0, failed: social.failed ?? 0 },
    exports: { rendered: outcomes.exportsReady, failed: outcomes.exportsFailed },
    apiUsage: {
      units,
      requests: usage.reduce((a, u) => a + u.requests, 0),
      hourlyCap: caps.hourly,
      dailyCap: caps.daily,
      peakDay: { day: peak.day, units: peak.units, shareOfDailyCap: ratio(peak.units, caps.daily) },
      series: fillBuckets(
        { ...range, interval: "day" },
        usage.map((u) => ({ start: u.day, units: u.units, requests: u.requests })),
        (u, start) => ({ start, units: u?.units ?? 0, requests: u?.requests ?? 0 }),
      ),
    },
  };
}
