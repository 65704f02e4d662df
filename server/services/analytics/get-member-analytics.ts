import type { Tx } from "@/db/client";
import { memberActiveDays, memberAdherence, memberPlays } from "@/db/queries/analytics";
import { type Locale, pickText } from "@/server/core/locale";
import { resolveEndUserOrThrow } from "@/server/services/members/resolve-end-user";
import { attentionReasons, daysInactive } from "./member-status";
import { type AnalyticsRange, addDays, fillBuckets, minutes, weekStart } from "./range";

/** Weeks in a row (ISO weeks, Monday first) with at least one completed session: the current run and the longest. */
export function weekStreaks(days: { day: string; completions: number }[], asOf: string) {
  const weeks = new Set(days.filter((d) => d.completions > 0).map((d) => weekStart(d.day)));
  const sorted = [...weeks].sort();
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const w of sorted) {
    run = prev !== null && addDays(prev, 7) === w ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = w;
  }
  // The current run may still continue this week: count it from this week or, if empty, last week.
  let current = 0;
  let w = weekStart(asOf);
  if (!weeks.has(w)) w = addDays(w, -7);
  while (weeks.has(w)) {
    current += 1;
    w = addDays(w, -7);
  }
  return { currentWeeks: current, longestWeeks: longest };
}

/**
 * One member: sessions, completions and minutes over the range, adherence to the active plan over
 * the 7, 30 and 90 days ending at `to` (and the 30 days before), week streaks and last activity.
 * Computed live from the member's day rollups.
 */
export async function getMemberAnalytics(db: Tx, args: { organizationId: string; endUserIdentifier: string; range: AnalyticsRange; locale: Locale }) {
  const { range } = args;
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const [series, [adherence], history] = await Promise.all([
    memberPlays(db, member.id, range.from, range.to, range.interval),
    memberAdherence(db, { organizationId: args.organizationId, asOf: range.to, endUserId: member.id }),
    memberActiveDays(db, member.id, addDays(range.to, -399), range.to),
  ]);
  const totals = series.reduce((a, r) => ({ starts: a.starts + r.starts, completions: a.completions + r.completions, seconds: a.seconds + r.seconds }), {
    starts: 0,
    completions: 0,
    seconds: 0,
  });
  const lastActiveDay = history[0]?.day ?? null;
  const reasons = adherence ? attentionReasons(adherence, range.to) : [];
  return {
    member: { id: member.id, name: member.name, email: member.email, externalId: member.externalId },
    range,
    activePlan: adherence
      ? {
          id: adherence.planId,
          name: pickText(adherence.planName, args.locale),
          startDate: adherence.startDate,
          week: Math.floor((Date.parse(range.to) - Date.parse(adherence.startDate)) / (7 * 86_400_000)) + 1,
        }
      : null,
    adherence: {
      last7Days: adherence?.adherence7 ?? null,
      last30Days: adherence?.adherence30 ?? null,
      last90Days: adherence?.adherence90 ?? null,
      previous30Days: adherence?.adherencePrevious30 ?? null,
    },
    needsAttention: reasons.length > 0,
    attentionReasons: reasons,
    streak: weekStreaks(history, range.to),
    totals: { starts: totals.starts, completions: totals.completions, minutes: minutes(totals.seconds) },
    lastActiveDay,
    daysInactive: daysInactive(lastActiveDay, range.to),
    series: fillBuckets(range, series, (r, start) => ({ start, starts: r?.starts ?? 0, completions: r?.completions ?? 0, minutes: minutes(r?.seconds ?? 0) })),
  };
}
