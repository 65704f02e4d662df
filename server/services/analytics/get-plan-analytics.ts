import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { planEnrollmentCounts, planPlays, planWeeks } from "@/db/queries/analytics";
import { plans } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { playSeries, sumPlays } from "./plays";
import { type AnalyticsRange, ratio } from "./range";

/**
 * One plan: plays of its workouts by members enrolled in it over the range, enrollments, and
 * progress through its weeks over every enrollment (how many reached each week on the calendar,
 * how many completed a session in it, and completions against the schedule).
 */
export async function getPlanAnalytics(db: Tx, args: { organizationId: string; planId: string; range: AnalyticsRange; locale: Locale }) {
  const { range } = args;
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, durationWeeks: plans.durationWeeks, daysPerWeek: plans.daysPerWeek })
    .from(plans)
    .where(
      and(eq(plans.id, args.planId), eq(plans.organizationId, args.organizationId), isNull(plans.deletedAt), inArray(plans.visibility, ["public", "private"])),
    );
  if (!plan) throw notFound("Plan not found in this organization.");
  const [plays, weeks, enrollments] = await Promise.all([
    planPlays(db, plan.id, range.from, range.to, range.interval),
    planWeeks(db, plan.id, range.to),
    planEnrollmentCounts(db, plan.id, range.from, range.to),
  ]);
  return {
    plan: { id: plan.id, name: pickText(plan.name, args.locale), durationWeeks: plan.durationWeeks, daysPerWeek: plan.daysPerWeek },
    range,
    totals: sumPlays(plays),
    enrollments: { active: enrollments.active, startedInRange: enrollments.started, endedInRange: enrollments.ended },
    series: playSeries(range, plays),
    weeks: weeks.map((w) => ({
      week: w.week,
      scheduledWorkouts: w.scheduled,
      membersReached: w.reached,
      membersActive: w.active,
      completions: w.completions,
      adherence: ratio(Math.min(w.completions, w.scheduled * w.reached), w.scheduled * w.reached),
    })),
  };
}
