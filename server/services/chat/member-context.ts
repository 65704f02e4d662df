/**
 * What the coach knows about the member, read through the same services and queries as the
 * public API (the member already resolved, so none of them resolves it again): recent sessions and feedback, the active plan and its progress, the insights
 * digest, the library, the organization's ranked workouts and startable plans. Each part loads
 * on first use and once per turn, so a reply only pays for what it talks about.
 */
import type { Db } from "@/db/client";
import { type WorkoutHistoryRow, listEndUserHistory } from "@/db/queries/ai";
import { type CoachPlanRow, type CoachWorkoutRow, findWorkoutsNamedIn, listRecentSessions, listStartablePlans, muscleFocusShares } from "@/db/queries/chat";
import { listLibraryWorkouts } from "@/db/queries/library";
import { readHistory } from "@/server/ai/engine/recommender";
import type { Level, ReferenceIndex } from "@/server/ai/types";
import { log } from "@/server/api/log";
import { type Locale, pickText } from "@/server/api/locale";
import type { Digest } from "@/server/services/insights/build-digest";
import { getMemberDigest } from "@/server/services/insights/get-digest";
import { activePlanProgressOf, addDays, daysBetween, localDate } from "@/server/services/members/plan-progress";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { recommendWorkouts } from "@/server/services/personalization/recommend-workouts";
import type { ChatMember } from "./resolve-chat-member";

export interface SessionFact {
  id: string;
  workoutId: string;
  name: string;
  completed: boolean;
  minutes: number;
  expectedMinutes: number;
  /** Completion (or start) instant. */
  at: Date;
  day: string;
}

export interface SessionStats {
  recent: SessionFact[];
  completed7: number;
  completed30: number;
  minutes7: number;
  completedLast3Days: number;
  lastCompleted: SessionFact | null;
  daysSinceLast: number | null;
  streakDays: number;
  open: SessionFact | null;
  typicalMinutes: number | null;
}

export interface PlanSlot {
  workoutId: string;
  name: string;
  week: number;
  day: number;
  date: string;
  completed: boolean;
}

export interface PlanFacts {
  planId: string;
  name: string;
  status: "upcoming" | "inProgress" | "finished";
  startDate: string;
  currentWeek: number | null;
  totalWeeks: number;
  percentage: number;
  completed: number;
  scheduled: number;
  todayPending: PlanSlot[];
  todayDone: PlanSlot[];
  next: PlanSlot | null;
  missed: number;
}

export interface WorkoutOption {
  id: string;
  name: string;
  minutes: number;
  difficulty: Level;
  categoryIds: string[];
  reason: string | null;
}

export interface PlanOption {
  id: string;
  name: string;
  weeks: number;
  daysPerWeek: number;
  difficulty: Level;
  isPublic: boolean;
  inLibrary: boolean;
}

export interface FeedbackFacts {
  targetLevel: Level;
  tooHard: string[];
  tooEasy: string[];
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= load();
    return p;
  };
}

const LEVELS: Level[] = ["beginner", "intermediate", "advanced"];

const RANKED_TTL_MS = 60_000;
const rankedCache = new Map<string, { value: WorkoutOption[]; until: number }>();

export class CoachContext {
  readonly today: string;

  constructor(
    readonly db: Db,
    readonly organizationId: string,
    readonly member: ChatMember,
    readonly locale: Locale,
    readonly now = new Date(),
  ) {
    this.today = localDate(now, member.timeZone);
  }

  get firstName(): string | null {
    return this.member.name?.trim().split(/\s+/)[0] ?? null;
  }

  readonly ref = once((): Promise<ReferenceIndex> => getReferenceIndex(this.db));

  readonly sessions = once(async (): Promise<SessionStats> => {
    const rows = await listRecentSessions(this.db, { organizationId: this.organizationId, endUserId: this.member.id, limit: 60 });
    const recent: SessionFact[] = rows.map((r) => {
      const at = r.completedAt ?? r.createdAt;
      return {
        id: r.id,
        workoutId: r.workoutId,
        name: pickText(r.workoutName, this.locale),
        completed: r.status === "completed",
        minutes: Math.round(r.duration / 60),
        expectedMinutes: Math.round(r.expectedDuration / 60),
        at,
        day: localDate(at, this.member.timeZone),
      };
    });
    const done = recent.filter((s) => s.completed);
    const within = (days: number) => done.filter((s) => daysBetween(s.day, this.today) < days);
    const last7 = within(7);
    const lastCompleted = done[0] ?? null;
    const days = new Set(done.map((s) => s.day));
    let streak = 0;
    // A streak counts back from today, or from yesterday when today has no workout yet.
    let day = days.has(this.today) ? this.today : addDays(this.today, -1);
    while (days.has(day)) {
      streak++;
      day = addDays(day, -1);
    }
    const lengths = done
      .slice(0, 10)
      .map((s) => s.expectedMinutes)
      .filter((m) => m > 0)
      .sort((a, b) => a - b);
    return {
      recent,
      completed7: last7.length,
      completed30: within(30).length,
      minutes7: last7.reduce((sum, s) => sum + s.minutes, 0),
      completedLast3Days: within(3).length,
      lastCompleted,
      daysSinceLast: lastCompleted ? daysBetween(lastCompleted.day, this.today) : null,
      streakDays: streak,
      open: recent.find((s) => !s.completed && daysBetween(s.day, this.today) <= 1) ?? null,
      typicalMinutes: lengths.length ? lengths[Math.floor(lengths.length / 2)]! : null,
    };
  });

  readonly feedback = once(async (): Promise<FeedbackFacts> => {
    const rows: WorkoutHistoryRow[] = await listEndUserHistory(this.db, this.organizationId, this.member.id, 50);
    const levels = rows.filter((r) => r.completed > 0 && r.difficulty).map((r) => LEVELS.indexOf(r.difficulty as Level));
    const usual = levels.length ? LEVELS[Math.round(levels.reduce((a, b) => a + b, 0) / levels.length)]! : "intermediate";
    return {
      targetLevel: readHistory(rows, usual).targetLevel,
      tooHard: rows.filter((r) => r.tooHard > r.tooEasy).map((r) => r.workoutId),
      tooEasy: rows.filter((r) => r.tooEasy > r.tooHard).map((r) => r.workoutId),
    };
  });

  readonly plan = once(async (): Promise<PlanFacts | null> => {
    const p = await activePlanProgressOf(this.db, this.member, { locale: this.locale, now: this.now });
    if (!p) return null;
    const slots: PlanSlot[] = p.workouts.map((w) => ({
      workoutId: w.workoutId,
      name: w.name,
      week: w.week,
      day: w.day,
      date: w.scheduledDate,
      completed: w.completed,
    }));
    return {
      planId: p.planId,
      name: p.planName,
      status: p.status,
      startDate: p.startDate,
      currentWeek: p.currentWeek,
      totalWeeks: p.totalWeeks,
      percentage: p.percentage,
      completed: p.completedWorkouts,
      scheduled: p.scheduledWorkouts,
      todayPending: slots.filter((s) => s.date === this.today && !s.completed),
      todayDone: slots.filter((s) => s.date === this.today && s.completed),
      next: slots.find((s) => !s.completed && s.date > this.today) ?? null,
      missed: slots.filter((s) => !s.completed && s.date < this.today).length,
    };
  });

  /** The insights digest for the member's today; null when it cannot be built (the chat never fails for it). */
  readonly digest = once(async (): Promise<Digest | null> => {
    try {
      return await getMemberDigest(this.db, this.organizationId, this.member.id, undefined, this.now);
    } catch (err) {
      log("warn", "coach could not read the insights digest", { endUserId: this.member.id, err: err instanceof Error ? err.message : String(err) });
      return null;
    }
  });

  readonly library = once(async (): Promise<WorkoutOption[]> => {
    const { rows } = await listLibraryWorkouts(this.db, { endUserId: this.member.id, organizationId: this.organizationId, limit: 30, offset: 0 });
    return rows.map(({ workout: w }) => ({
      id: w.id,
      name: pickText(w.name, this.locale),
      minutes: Math.round(w.duration / 60),
      difficulty: w.difficulty,
      categoryIds: [],
      reason: null,
    }));
  });

  /**
   * The organization's published public workouts ranked for this member (the recommend engine,
   * without a model). Kept a minute per member and language, and dropped as soon as the member
   * records a new session: a conversation asks several times in a row, the ranking moves with
   * training, not with each message.
   */
  readonly recommended = once(async (): Promise<WorkoutOption[]> => {
    const st = await this.sessions();
    const key = `${this.organizationId}:${this.member.id}:${this.locale}:${st.recent[0]?.id ?? ""}:${st.recent[0]?.completed ?? ""}`;
    const hit = rankedCache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const { workouts } = await recommendWorkouts(
      this.db,
      this.organizationId,
      { endUserProfileDetails: { endUserId: this.member.id }, locale: this.locale },
      { useModel: false },
    );
    const value = workouts.map((w) => ({
      id: w.id,
      name: w.name,
      minutes: Math.round(w.duration / 60),
      difficulty: w.difficulty,
      categoryIds: w.categories.map((c) => c.id),
      reason: w.recommendation,
    }));
    if (rankedCache.size > 10_000) rankedCache.clear();
    rankedCache.set(key, { value, until: Date.now() + RANKED_TTL_MS });
    return value;
  });

  readonly plans = once(async (): Promise<PlanOption[]> => {
    const rows: CoachPlanRow[] = await listStartablePlans(this.db, { organizationId: this.organizationId, endUserId: this.member.id, limit: 30 });
    return rows.map((p) => ({
      id: p.id,
      name: pickText(p.name, this.locale),
      weeks: p.durationWeeks,
      daysPerWeek: p.daysPerWeek,
      difficulty: p.difficulty,
      isPublic: p.visibility === "public",
      inLibrary: p.inLibrary,
    }));
  });

  /** How much of each workout's work is on these muscle groups (0..1). */
  muscleShares(workoutIds: string[], muscleGroupIds: string[]): Promise<Map<string, number>> {
    return muscleFocusShares(this.db, workoutIds, muscleGroupIds);
  }

  private readonly named = new Map<string, Promise<WorkoutOption[]>>();

  /** Workouts of the organization the member names in a message. */
  workoutsNamedIn(text: string): Promise<WorkoutOption[]> {
    let found = this.named.get(text);
    if (!found) {
      found = findWorkoutsNamedIn(this.db, { organizationId: this.organizationId, text, locale: this.locale, limit: 3 }).then((rows: CoachWorkoutRow[]) =>
        rows.map((w) => ({ id: w.id, name: pickText(w.name, this.locale), minutes: Math.round(w.duration / 60), difficulty: w.difficulty, categoryIds: [], reason: null })),
      );
      this.named.set(text, found);
    }
    return found;
  }
}
