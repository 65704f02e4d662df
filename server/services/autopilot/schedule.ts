/**
 * The autopilot's calendar, pure so its rules are unit-tested: when activation schedules the
 * first run, where a run moves the schedule, when a capped run is retried, and the UTC windows
 * of the daily execution cap and the monthly minutes entitlement.
 */
import type { AutopilotRepeatMode } from "@/db/schema";

const DAY_MS = 86_400_000;

/** The length of one repetition; once has none. */
export function periodMs(mode: AutopilotRepeatMode): number | null {
  return mode === "daily" ? DAY_MS : mode === "weekly" ? 7 * DAY_MS : null;
}

/** The first occurrence of `from + k * period` (k >= 1) strictly after `now`. */
function nextOccurrence(from: Date, period: number, now: Date): Date {
  const k = Math.max(1, Math.floor((now.getTime() - from.getTime()) / period) + 1);
  return new Date(from.getTime() + k * period);
}

/**
 * nextRunAt on activation (spec state table): kept when already in the future; otherwise once
 * runs now, and daily or weekly run at the next occurrence of a past nextRunAt's time, or one
 * period from now when none was set.
 */
export function nextRunOnActivate(mode: AutopilotRepeatMode, current: Date | null, now: Date): Date {
  if (current && current.getTime() > now.getTime()) return current;
  const period = periodMs(mode);
  if (period === null) return now;
  return current ? nextOccurrence(current, period, now) : new Date(now.getTime() + period);
}

/**
 * Where the schedule moves after serving the due time `dueAt`: the next occurrence after now for
 * daily and weekly (missed occurrences are not run twice), none for once (the task returns to draft).
 */
export function nextRunAfter(mode: AutopilotRepeatMode, dueAt: Date, now: Date): Date | null {
  const period = periodMs(mode);
  return period === null ? null : nextOccurrence(dueAt, period, now);
}

export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** A run skipped by the daily cap is retried the next UTC day at the due time's time of day. */
export function retryNextDay(dueAt: Date, now: Date): Date {
  const timeOfDay = dueAt.getTime() - startOfUtcDay(dueAt).getTime();
  return new Date(startOfUtcDay(now).getTime() + DAY_MS + timeOfDay);
}
