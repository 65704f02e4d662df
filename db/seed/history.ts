import { mulberry32 } from "@/lib/mulberry32";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import {
  endUsers,
  feedbackOptions,
  libraryPlans,
  planEnrollments,
  planWorkouts,
  plans,
  workoutFeedback,
  workoutSegments,
  workoutSessions,
  workouts,
} from "../schema";
import { newId } from "../schema/columns";

/** Days of history the demo workspace gets. */
export const HISTORY_DAYS = 90;

const HISTORY_MEMBERS = [
  { name: "Jordan Lee", adherence: 0.9 },
  { name: "Priya Nair", adherence: 0.85 },
  { name: "Mateo Ruiz", adherence: 0.75 },
  { name: "Hannah Berg", adherence: 0.95 },
  { name: "Chloé Martin", adherence: 0.7 },
  { name: "Tomasz Nowak", adherence: 0.8 },
  { name: "Aiko Tanaka", adherence: 0.65 },
  { name: "Noah Williams", adherence: 0.85 },
  // Lapses: trained well, then stopped three weeks ago with the plan still running.
  { name: "Emma Johansson", adherence: 0.9, stopsDaysAgo: 21, startDaysAgo: 34 },
  // Slips: from most sessions to few over the last month.
  { name: "Luca Bianchi", adherence: 0.95, slipsDaysAgo: 30, startDaysAgo: 41 },
] as const;


const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * 90 days of believable history for the demo workspace (so a fresh install shows real charts):
 * ten members following the demo plans at their own adherence (one lapses three weeks ago, one
 * slips over the last month), some sessions ended early at a real segment of the playlist,
 * feedback on about half the finished ones, and anonymous plays from embeds every day. Written
 * with a handful of bulk inserts; the rollup triggers aggregate each statement once.
 */
export async function seedDemoHistory(db: Tx, organizationId: string, opts: { emailDomain: string; now?: number }): Promise<{ sessions: number }> {
  const now = opts.now ?? Date.now();
  const today = now - (now % DAY);
  const rand = mulberry32(27); // the same history on every seed
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

  const planRows = await db
    .select({ id: plans.id, weeks: plans.durationWeeks })
    .from(plans)
    .where(sql`${plans.organizationId} = ${organizationId} and ${plans.visibility} = 'public' and ${plans.deletedAt} is null`)
    .orderBy(sql`${plans.durationWeeks} desc, ${plans.name}->>'en-US'`);
  const schedule = await db
    .select({ planId: planWorkouts.planId, week: planWorkouts.week, day: planWorkouts.day, workoutId: planWorkouts.workoutId })
    .from(planWorkouts)
    .where(
      inArray(
        planWorkouts.planId,
        planRows.map((p) => p.id),
      ),
    );
  const workoutRows = await db
    .select({ id: workouts.id, duration: workouts.duration, visibility: workouts.visibility })
    .from(workouts)
    .where(sql`${workouts.organizationId} = ${organizationId} and ${workouts.status} = 'published' and ${workouts.deletedAt} is null`)
    .orderBy(sql`${workouts.name}->>'en-US'`);
  const segments = await db
    .select({ id: workoutSegments.id, workoutId: workoutSegments.workoutId, position: workoutSegments.position, seconds: workoutSegments.durationSeconds })
    .from(workoutSegments)
    .where(
      inArray(
        workoutSegments.workoutId,
        workoutRows.map((w) => w.id),
      ),
    )
    .orderBy(workoutSegments.workoutId, workoutSegments.position);
  const options = await db.select().from(feedbackOptions).where(eq(feedbackOptions.organizationId, organizationId));
  if (planRows.length === 0 || workoutRows.length === 0) return { sessions: 0 };
  // The generator's draws follow the schedule's order: make it the same in every workspace (by
  // week, day and the workout's place by name; ids differ between workspaces).
  const rank = new Map(workoutRows.map((w, i) => [w.id, i]));
  schedule.sort((a, b) => a.week - b.week || a.day - b.day || (rank.get(a.workoutId) ?? -1) - (rank.get(b.workoutId) ?? -1));
  const workoutById = new Map(workoutRows.map((w) => [w.id, w]));
  const segmentsOf = new Map<string, typeof segments>();
  for (const s of segments) segmentsOf.set(s.workoutId, [...(segmentsOf.get(s.workoutId) ?? []), s]);
  const rating = (v: number) => options.find((o) => o.kind === "rating" && o.value === v)?.id ?? null;
  const difficulty = (key: string) => options.find((o) => o.kind === "difficulty" && o.key === key)?.id ?? null;

  const sessions: (typeof workoutSessions.$inferInsert)[] = [];
  const feedback: (typeof workoutFeedback.$inferInsert)[] = [];
  /** A finished session at `at`: most play to the end, some stop at a segment part way. */
  const play = (workoutId: string, endUserId: string | null, at: number, finishRate: number) => {
    const w = workoutById.get(workoutId);
    if (!w) return;
    const full = rand() < finishRate;
    const segs = segmentsOf.get(workoutId) ?? [];
    let progress = 1;
    let segmentId = segs.at(-1)?.id ?? null;
    if (!full && segs.length > 0) {
      // Drop-offs cluster in the second half of a playlist, where it gets hard.
      const stop = Math.min(segs.length - 1, Math.floor(segs.length * (0.3 + rand() * 0.6)));
      const before = segs.slice(0, stop).reduce((a, s) => a + s.seconds, 0);
      progress = Math.min(0.89, Math.max(0.05, before / Math.max(1, w.duration) + 0.02));
      segmentId = segs[stop]!.id;
    }
    const duration = Math.round(w.duration * progress);
    const id = newId();
    const createdAt = new Date(at);
    sessions.push({
      id,
      workoutId,
      organizationId,
      endUserId,
      status: "completed",
      workoutSegmentId: segmentId,
      progressSeconds: duration,
      duration,
      progress,
      expectedDuration: w.duration,
      completedAt: new Date(at + duration * 1000),
      createdAt,
      updatedAt: new Date(at + duration * 1000),
    });
    if (endUserId && rand() < 0.5) {
      const r = progress === 1 ? pick([4, 5, 5, 4, 3]) : pick([2, 3, 3, 4]);
      const d = progress === 1 ? pick(["just-right", "just-right", "too-easy", "just-right"]) : pick(["too-hard", "just-right", "too-hard"]);
      feedback.push({
        sessionId: id,
        workoutId,
        organizationId,
        endUserId,
        ratingOptionId: rating(r),
        difficultyOptionId: difficulty(d),
        createdAt: new Date(at + duration * 1000 + 60_000),
      });
    }
  };

  const tag = organizationId.slice(-6);
  const members = HISTORY_MEMBERS.map((m, i) => ({
    ...m,
    id: newId(),
    email: `${m.name
      .split(" ")[0]!
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]/g, "")}.${tag}@${opts.emailDomain}`,
    externalId: `ext-${tag}-h${i + 1}`,
    joinedAt: new Date(today - (HISTORY_DAYS + 10 + i) * DAY),
  }));
  await db
    .insert(endUsers)
    .values(
      members.map((m) => ({
        id: m.id,
        organizationId,
        email: m.email,
        externalId: m.externalId,
        name: m.name,
        status: "active" as const,
        createdAt: m.joinedAt,
        updatedAt: m.joinedAt,
      })),
    );

  const enrollments: (typeof planEnrollments.$inferInsert)[] = [];
  for (const [i, m] of members.entries()) {
    // The lapsing and slipping members follow the longest plan, so their previous month is part of it.
    const plan = "startDaysAgo" in m ? planRows[0]! : planRows[i % planRows.length]!;
    // The current plan started between 2 and 8 weeks ago (never past its end); before it, ad hoc training.
    const startDaysAgo = Math.min(plan.weeks * 7 - 1, "startDaysAgo" in m ? m.startDaysAgo : 14 + Math.floor(rand() * 42));
    const start = today - startDaysAgo * DAY;
    enrollments.push({ id: newId(), endUserId: m.id, planId: plan.id, organizationId, startDate: dayOf(start), isActive: true, createdAt: new Date(start) });
    const stopsAt = "stopsDaysAgo" in m ? today - m.stopsDaysAgo * DAY : Number.POSITIVE_INFINITY;
    const slipsAt = "slipsDaysAgo" in m ? today - m.slipsDaysAgo * DAY : Number.POSITIVE_INFINITY;
    const hour = (6 + ((i * 5) % 14)) * 3_600_000;
    for (const s of schedule.filter((x) => x.planId === plan.id)) {
      const day = start + ((s.week - 1) * 7 + (s.day - 1)) * DAY;
      if (day > today || day >= stopsAt) continue;
      const odds = day >= slipsAt ? 0.3 : m.adherence;
      if (rand() < odds) play(s.workoutId, m.id, day + hour + Math.floor(rand() * 3_600_000), 0.85);
    }
    for (let d = today - HISTORY_DAYS * DAY; d < start; d += DAY) {
      if (rand() < m.adherence * 0.35) play(pick(workoutRows).id, m.id, d + hour, 0.75);
    }
  }
  // Anonymous plays from the public embeds: a few a day, more at weekends.
  const publicIds = workoutRows.filter((w) => w.visibility === "public").map((w) => w.id);
  for (let d = today - HISTORY_DAYS * DAY; d <= today; d += DAY) {
    const weekend = [0, 6].includes(new Date(d).getUTCDay());
    const n = Math.floor(rand() * 4) + (weekend ? 3 : 1);
    for (let k = 0; k < n && publicIds.length > 0; k++) play(pick(publicIds), null, d + (7 + Math.floor(rand() * 14)) * 3_600_000, 0.55);
  }
  // Nothing in the future (today's plays happen before now).
  const past = sessions.filter((s) => (s.createdAt as Date).getTime() <= now);
  const kept = new Set(past.map((s) => s.id));

  await db.insert(planEnrollments).values(enrollments);
  await db.insert(libraryPlans).values(enrollments.map((e) => ({ endUserId: e.endUserId, planId: e.planId, organizationId })));
  for (let i = 0; i < past.length; i += 2000) await db.insert(workoutSessions).values(past.slice(i, i + 2000));
  const fb = feedback.filter((f) => kept.has(f.sessionId));
  for (let i = 0; i < fb.length; i += 2000) await db.insert(workoutFeedback).values(fb.slice(i, i + 2000));
  return { sessions: past.length };
}
