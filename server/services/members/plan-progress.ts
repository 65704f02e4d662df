import type { Tx } from "@/db/client";
import { findActiveEnrollment, listCompletedSessions, listPlanSchedule } from "@/db/queries/library";
import type { Translations } from "@/db/schema/columns";
import { type Locale, pickText } from "@/server/core/locale";
import { resolveEndUserOrThrow } from "./resolve-end-user";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (YYYY-MM-DD) of an instant in a time zone (UTC when the zone is unknown).
 * Formatters are kept per zone: building one costs far more than formatting with it.
 */
export function localDate(instant: Date, timeZone: string): string {
  let fmt = dateFormats.get(timeZone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
    }
    if (dateFormats.size > 1000) dateFormats.clear();
    dateFormats.set(timeZone, fmt);
  }
  return fmt.format(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ScheduleSlot {
  week: number;
  day: number;
  position: number;
  workoutId: string;
  workoutName: string;
}

export interface CompletedSession {
  id: string;
  workoutId: string;
  completedAt: Date;
}

export interface ProgressInput {
  startDate: string;
  today: string;
  timeZone: string;
  durationWeeks: number;
  schedule: ScheduleSlot[];
  sessions: CompletedSession[];
}

/**
 * Plan progress from real completed sessions. Day d of week w falls on
 * startDate + 7(w-1) + (d-1). Each completed session (on or after the start date, in the member's
 * time zone) fills at most one slot: the earliest unfilled slot of its workout, in schedule order.
 */
export function computePlanProgress(input: ProgressInput) {
  const elapsed = daysBetween(input.startDate, input.today);
  const totalDays = input.durationWeeks * 7;
  const status: "upcoming" | "inProgress" | "finished" = elapsed < 0 ? "upcoming" : elapsed >= totalDays ? "finished" : "inProgress";
  const currentWeek = status === "upcoming" ? null : status === "finished" ? input.durationWeeks : Math.floor(elapsed / 7) + 1;
  const currentDay = status === "upcoming" ? null : status === "finished" ? 7 : (elapsed % 7) + 1;

  const pool = new Map<string, CompletedSession[]>();
  for (const s of [...input.sessions].sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime())) {
    if (localDate(s.completedAt, input.timeZone) < input.startDate) continue;
    const list = pool.get(s.workoutId) ?? [];
    list.push(s);
    pool.set(s.workoutId, list);
  }
  const workouts = input.schedule.map((slot) => {
    const match = pool.get(slot.workoutId)?.shift() ?? null;
    return {
      week: slot.week,
      day: slot.day,
      position: slot.position,
      workoutId: slot.workoutId,
      name: slot.workoutName,
      scheduledDate: addDays(input.startDate, (slot.week - 1) * 7 + (slot.day - 1)),
      completed: match !== null,
      completedAt: match ? match.completedAt.toISOString() : null,
      sessionId: match ? match.id : null,
    };
  });
  const completedWorkouts = workouts.filter((w) => w.completed).length;
  const scheduledWorkouts = workouts.length;
  return {
    startDate: input.startDate,
    endDate: addDays(input.startDate, totalDays - 1),
    status,
    currentWeek,
    currentDay,
    totalWeeks: input.durationWeeks,
    scheduledWorkouts,
    completedWorkouts,
    percentage: scheduledWorkouts === 0 ? 0 : Math.round((completedWorkouts / scheduledWorkouts) * 100),
    workouts,
  };
}

/** Progress of the member's active plan, or null without one. */
export async function getActivePlanProgress(db: Tx, args: { organizationId: string; endUserIdentifier: string; locale: Locale; now?: Date }) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  return activePlanProgressOf(db, member, args);
}

/** The same for a member already resolved (the coach chat reads it on every turn). */
export async function activePlanProgressOf(db: Tx, member: { id: string; timeZone: string }, args: { locale: Locale; now?: Date }) {
  const active = await findActiveEnrollment(db, member.id);
  if (!active) return null;
  const { enrollment, plan } = active;
  const schedule = await listPlanSchedule(db, plan.id);
  const workoutIds = [...new Set(schedule.map((s) => s.workoutId))];
  // A day's margin before the start date in UTC; the exact cut is the member's local date.
  const since = new Date(Date.parse(`${enrollment.startDate}T00:00:00Z`) - 86_400_000);
  const sessions = await listCompletedSessions(db, { endUserId: member.id, workoutIds, since });
  const progress = computePlanProgress({
    startDate: enrollment.startDate,
    today: localDate(args.now ?? new Date(), member.timeZone),
    timeZone: member.timeZone,
    durationWeeks: plan.durationWeeks,
    schedule: schedule.map((s) => ({ ...s, workoutName: pickText(s.workoutName as Translations, args.locale) })),
    sessions: sessions.filter((s): s is CompletedSession => s.completedAt !== null),
  });
  return { enrollmentId: enrollment.id, planId: plan.id, planName: pickText(plan.name, args.locale), ...progress };
}
