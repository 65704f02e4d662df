import type { Tx } from "@/db/client";
import { listCompletedSessions } from "@/db/queries/digests";
import { daySummariesFingerprint, listDaySummaries } from "@/db/queries/health";
import type { DayActivity, HealthSource } from "@/db/schema";
import { DIGEST_WINDOW_DAYS } from "./recompute-days";
import { addDays } from "./local-date";

/** One member-local day as the scoring reads it. */
export interface DayData {
  date: string;
  values: Record<string, number>;
  sources: Record<string, HealthSource>;
  activities: DayActivity[];
  /** Completed workout sessions of the day not already recorded by a pushed activity (workoutSessionId). */
  sessions: { id: string; durationS: number }[];
  entryCounts: Record<string, number>;
}

/** The 90 member-local days a digest for `end` is built from. */
export interface DataWindow {
  start: string;
  end: string;
  timeZone: string;
  days: Map<string, DayData>;
  /** Changes whenever any input of the window changes (see findFreshDigest). */
  fingerprint: string;
}

const emptyDay = (date: string): DayData => ({ date, values: {}, sources: {}, activities: [], sessions: [], entryCounts: {} });

/** Loads the day summaries and completed sessions of the window ending on `end`. */
export async function loadWindow(db: Tx, member: { id: string }, timeZone: string, end: string): Promise<DataWindow> {
  const start = addDays(end, -(DIGEST_WINDOW_DAYS - 1));
  const [summaries, completed] = await Promise.all([listDaySummaries(db, member.id, start, end), listCompletedSessions(db, member.id, timeZone, start, end)]);
  const days = new Map<string, DayData>();
  const linked = new Set<string>();
  for (const s of summaries) {
    days.set(s.localDate, { date: s.localDate, values: s.values, sources: s.sources, activities: s.activities, sessions: [], entryCounts: s.entryCounts });
    for (const a of s.activities) if (a.workoutSessionId) linked.add(a.workoutSessionId);
  }
  for (const session of completed.sessions) {
    if (linked.has(session.id)) continue;
    let day = days.get(session.localDate);
    if (!day) {
      day = emptyDay(session.localDate);
      days.set(session.localDate, day);
    }
    day.sessions.push({ id: session.id, durationS: session.durationS });
  }
  return { start, end, timeZone, days, fingerprint: `${daySummariesFingerprint(summaries)}|${completed.fingerprint}` };
}

/** The day's data, or an empty day (never undefined, so formulas read uniformly). */
export function dayOf(w: DataWindow, date: string): DayData {
  return w.days.get(date) ?? emptyDay(date);
}
