import type { endUsers, planEnrollments, plans, workouts } from "@/db/schema";
import { type Locale, pickText } from "@/server/core/locale";
import { isPublicMediaKey, publicMediaUrl } from "@/server/media/signing";

type EndUserRow = typeof endUsers.$inferSelect;
type WorkoutRow = typeof workouts.$inferSelect;
type PlanRow = typeof plans.$inferSelect;
type EnrollmentRow = typeof planEnrollments.$inferSelect;

export function toEndUser(u: EndUserRow) {
  return {
    id: u.id,
    email: u.email,
    externalId: u.externalId,
    name: u.name,
    status: u.status,
    preferredLocale: u.preferredLocale,
    timeZone: u.timeZone,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** Average of the rating option values, 0 without feedback. */
export function ratingOf(w: Pick<WorkoutRow, "ratingSum" | "ratingCount">): number {
  return w.ratingCount > 0 ? Math.round((w.ratingSum / w.ratingCount) * 100) / 100 : 0;
}

export function toLibraryWorkout(w: WorkoutRow, assignedAt: Date, locale: Locale) {
  return {
    id: w.id,
    name: pickText(w.name, locale),
    description: pickText(w.description, locale),
    duration: w.duration,
    difficulty: w.difficulty,
    visibility: w.visibility,
    locked: w.locked,
    rating: ratingOf(w),
    thumbnailUrl: w.thumbnailKey && isPublicMediaKey(w.thumbnailKey) ? publicMediaUrl(w.thumbnailKey) : null,
    assignedAt: assignedAt.toISOString(),
  };
}

export function toPlanSummary(p: PlanRow, locale: Locale) {
  return {
    id: p.id,
    name: pickText(p.name, locale),
    description: pickText(p.description, locale),
    difficulty: p.difficulty,
    visibility: p.visibility,
    durationWeeks: p.durationWeeks,
    daysPerWeek: p.daysPerWeek,
    goalIds: p.goalIds,
  };
}

export function toLibraryPlan(p: PlanRow, assignedAt: Date, locale: Locale) {
  return { ...toPlanSummary(p, locale), assignedAt: assignedAt.toISOString() };
}

/** An enrollment without its plan (webhook events carry this). */
export function toEnrollment(e: EnrollmentRow) {
  return {
    id: e.id,
    planId: e.planId,
    endUserId: e.endUserId,
    startDate: e.startDate,
    isActive: e.isActive,
    createdAt: e.createdAt.toISOString(),
    endedAt: e.endedAt ? e.endedAt.toISOString() : null,
  };
}

export function toPlanEnrollment(e: EnrollmentRow, plan: PlanRow, locale: Locale) {
  return { ...toEnrollment(e), plan: toPlanSummary(plan, locale) };
}
