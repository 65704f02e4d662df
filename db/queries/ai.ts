import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { generations, methodologyProfiles, planWorkouts, plans } from "../schema";

/** A methodology profile of an organization (any scope or state): callers decide what is usable. */
export async function findMethodologyProfile(db: Tx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(methodologyProfiles)
    .where(and(eq(methodologyProfiles.id, id), eq(methodologyProfiles.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export type NewGeneration = typeof generations.$inferInsert;

export async function insertGeneration(db: Tx, row: NewGeneration): Promise<void> {
  await db.insert(generations).values(row);
}

export async function findGeneration(db: Tx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export type WorkoutHistoryRow = {
  workoutId: string;
  completed: number;
  started: number;
  lastAt: Date | null;
  difficulty: string | null;
  categoryIds: string[];
  /** Mean rating value of the member's feedback on this workout (1-5), null without ratings. */
  rating: number | null;
  /** Counts of the member's difficulty feedback keys (too-easy, just-right, too-hard). */
  tooEasy: number;
  tooHard: number;
  justRight: number;
};

/**
 * A member's training history in one organization: sessions per workout with their feedback,
 * most recent first, bounded so a long history stays cheap.
 */
export async function listEndUserHistory(db: Tx, organizationId: string, endUserId: string, limit = 200): Promise<WorkoutHistoryRow[]> {
  const rows = await db.execute<WorkoutHistoryRow>(sql`
    with s as (
      select ws.workout_id, ws.status, ws.created_at, ws.completed_at, ws.id
      from workout_sessions ws
      where ws.end_user_id = ${endUserId} and ws.organization_id = ${organizationId}
      order by ws.created_at desc
      limit 1000
    )
    select s.workout_id as "workoutId",
      count(*) filter (where s.status = 'completed')::int as "completed",
      count(*)::int as "started",
      max(coalesce(s.completed_at, s.created_at)) as "lastAt",
      w.difficulty,
      coalesce((select array_agg(wc.category_id) from workout_categories wc where wc.workout_id = s.workout_id), '{}'::text[]) as "categoryIds",
      avg(rfo.value)::float as "rating",
      count(*) filter (where dfo.key = 'too-easy')::int as "tooEasy",
      count(*) filter (where dfo.key = 'too-hard')::int as "tooHard",
      count(*) filter (where dfo.key = 'just-right')::int as "justRight"
    from s
    join workouts w on w.id = s.workout_id
    left join workout_feedback f on f.session_id = s.id
    left join feedback_options rfo on rfo.id = f.rating_option_id
    left join feedback_options dfo on dfo.id = f.difficulty_option_id
    group by s.workout_id, w.difficulty
    order by max(coalesce(s.completed_at, s.created_at)) desc
    limit ${limit}
  `);
  return [...rows].map((r) => ({ ...r, rating: r.rating === null ? null : Number(r.rating), lastAt: r.lastAt ? new Date(r.lastAt) : null }));
}

export type NewPlan = typeof plans.$inferInsert;
export type NewPlanWorkout = typeof planWorkouts.$inferInsert;

/** Writes a generated or adapted plan with its schedule (call inside the caller's transaction). */
export async function insertPlanWithSchedule(db: Tx, plan: NewPlan, schedule: Omit<NewPlanWorkout, "planId">[]): Promise<void> {
  await db.insert(plans).values(plan);
  if (schedule.length) await db.insert(planWorkouts).values(schedule.map((s) => ({ ...s, planId: plan.id! })));
}

export function listPlanSchedule(db: Tx, planId: string) {
  return db
    .select()
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position));
}

/** Active team-scope methodology profiles of an organization, oldest first; the guidance text is never selected. */
export function listTeamMethodologies(db: Tx, organizationId: string) {
  return db
    .select({
      id: methodologyProfiles.id,
      name: methodologyProfiles.name,
      version: methodologyProfiles.version,
      applicability: methodologyProfiles.applicability,
      isTeamDefault: methodologyProfiles.isTeamDefault,
      ruleSummary: methodologyProfiles.ruleSummary,
    })
    .from(methodologyProfiles)
    .where(and(eq(methodologyProfiles.organizationId, organizationId), eq(methodologyProfiles.scope, "team"), eq(methodologyProfiles.isActive, true)))
    .orderBy(asc(methodologyProfiles.createdAt), asc(methodologyProfiles.id));
}
