import { type SQL, and, asc, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type Difficulty, planWorkouts, plans, trainers, workouts } from "../schema";
import { LISTED_WORKOUT, containsPattern, textArray, workoutListColumns } from "./workouts";

/**
 * What the org plan list may show: published, live, public or private. Literal SQL so the
 * partial indexes of db/schema/plans.ts match generic plans too.
 */
export const LISTED_PLAN = sql`${plans.status} = 'published' and ${plans.deletedAt} is null and ${plans.visibility} in ('public', 'private')`;

/** Scheduled workouts that can still be played (published, not deleted), as the plan's workouts list shows them. */
const workoutCount = sql<number>`(select count(*)::int from plan_workouts pw join workouts w on w.id = pw.workout_id
  where pw.plan_id = ${plans.id} and w.status = 'published' and w.deleted_at is null)`;

const planColumns = {
  id: plans.id,
  organizationId: plans.organizationId,
  trainerId: plans.trainerId,
  trainerName: trainers.name,
  name: plans.name,
  description: plans.description,
  difficulty: plans.difficulty,
  visibility: plans.visibility,
  source: plans.source,
  goalIds: plans.goalIds,
  categoryIds: plans.categoryIds,
  durationWeeks: plans.durationWeeks,
  daysPerWeek: plans.daysPerWeek,
  workoutCount,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
};

export const PLAN_SORT_FIELDS = ["createdAt", "updatedAt", "name", "durationWeeks"] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];

export interface ListPlansArgs {
  organizationId: string;
  limit: number;
  offset: number;
  locale: string;
  visibility?: "public" | "private";
  difficulty?: Difficulty;
  words?: string[];
  sort: { field: PlanSortField; direction: "asc" | "desc" }[];
}

function planConditions(args: ListPlansArgs): SQL {
  const conds: SQL[] = [eq(plans.organizationId, args.organizationId), LISTED_PLAN];
  if (args.visibility) conds.push(eq(plans.visibility, args.visibility));
  if (args.difficulty) conds.push(eq(plans.difficulty, args.difficulty));
  for (const w of args.words ?? []) conds.push(sql`${plans.searchText} like ${containsPattern(w)}`);
  return and(...conds)!;
}

function planOrder(args: ListPlansArgs): SQL[] {
  const out: SQL[] = [];
  for (const key of args.sort) {
    const dir = key.direction === "desc" ? sql`desc` : sql`asc`;
    const expr =
      key.field === "createdAt"
        ? sql`${plans.createdAt}`
        : key.field === "updatedAt"
          ? sql`${plans.updatedAt}`
          : key.field === "durationWeeks"
            ? sql`${plans.durationWeeks}`
            : args.locale === "en-US"
              ? sql`(${plans.name}->>'en-US')`
              : sql`coalesce(${plans.name}->>${args.locale}, ${plans.name}->>'en-US')`;
    out.push(sql`${expr} ${dir}`);
  }
  const first = args.sort[0]?.direction ?? "desc";
  if (!args.sort.some((k) => k.field === "createdAt")) out.push(first === "desc" ? desc(plans.createdAt) : asc(plans.createdAt));
  out.push(first === "desc" ? desc(plans.id) : asc(plans.id));
  return out;
}

/** One page of listed plans and the exact total. */
export async function listOrgPlans(db: Tx, args: ListPlansArgs) {
  const where = planConditions(args);
  const [rows, [countRow]] = await Promise.all([
    db
      .select(planColumns)
      .from(plans)
      .leftJoin(trainers, eq(trainers.id, plans.trainerId))
      .where(where)
      .orderBy(...planOrder(args))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(plans).where(where),
  ]);
  return { rows, total: countRow?.n ?? 0 };
}

export type PlanListRow = Awaited<ReturnType<typeof listOrgPlans>>["rows"][number];

/** Listed plans by id with the list columns, in the order of `ids` (ids that are not listed plans are skipped). */
export async function listPlansByIds(db: Tx, ids: readonly string[]): Promise<PlanListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(planColumns)
    .from(plans)
    .leftJoin(trainers, eq(trainers.id, plans.trainerId))
    .where(and(sql`${plans.id} = any(${textArray(ids)})`, LISTED_PLAN));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One plan (any status or visibility; the caller decides) with the document-only columns. */
export async function findPlanById(db: Tx, planId: string) {
  const [row] = await db
    .select({
      ...planColumns,
      status: plans.status,
      deletedAt: plans.deletedAt,
      endUserId: plans.endUserId,
      basePlanId: plans.basePlanId,
      generationId: plans.generationId,
      details: plans.details,
    })
    .from(plans)
    .leftJoin(trainers, eq(trainers.id, plans.trainerId))
    .where(eq(plans.id, planId))
    .limit(1);
  return row ?? null;
}

export type PlanDetailRow = NonNullable<Awaited<ReturnType<typeof findPlanById>>>;

/** The plan's schedule in sequence (week, day, position), with each workout's localized name source. */
export function listPlanSchedule(db: Tx, planId: string) {
  return db
    .select({
      id: planWorkouts.id,
      week: planWorkouts.week,
      day: planWorkouts.day,
      position: planWorkouts.position,
      workoutId: planWorkouts.workoutId,
      workoutName: workouts.name,
      workoutDuration: workouts.duration,
      prescription: planWorkouts.prescription,
    })
    .from(planWorkouts)
    .innerJoin(workouts, and(eq(workouts.id, planWorkouts.workoutId), LISTED_WORKOUT))
    .where(eq(planWorkouts.planId, planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position), asc(planWorkouts.id));
}

/**
 * A page of the plan's workouts in sequence with everything a workout list item needs, plus
 * the exact total. Workouts that were unpublished or deleted since are skipped.
 */
export async function listPlanWorkoutsPage(db: Tx, args: { planId: string; limit: number; offset: number }) {
  const where = and(eq(planWorkouts.planId, args.planId), LISTED_WORKOUT);
  const [rows, [countRow]] = await Promise.all([
    db
      .select({
        slotId: planWorkouts.id,
        week: planWorkouts.week,
        day: planWorkouts.day,
        position: planWorkouts.position,
        prescription: planWorkouts.prescription,
        workout: workoutListColumns,
      })
      .from(planWorkouts)
      .innerJoin(workouts, eq(workouts.id, planWorkouts.workoutId))
      .where(where)
      .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position), asc(planWorkouts.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(planWorkouts).innerJoin(workouts, eq(workouts.id, planWorkouts.workoutId)).where(where),
  ]);
  return { rows, total: countRow?.n ?? 0 };
}

// --- Writes of the content services (server/services/content/publish-content.ts) ---

/** A live plan of an organization with what publishing and autopilot checks need. */
export async function findOrgPlanState(db: Tx, organizationId: string, planId: string) {
  const [row] = await db
    .select({
      id: plans.id,
      status: plans.status,
      visibility: plans.visibility,
      source: plans.source,
      goalIds: plans.goalIds,
      categoryIds: plans.categoryIds,
      difficulty: plans.difficulty,
      durationWeeks: plans.durationWeeks,
      daysPerWeek: plans.daysPerWeek,
      // Qualified by hand: drizzle renders a single-table select's columns unqualified, which the subquery would resolve to pw.id.
      workouts: sql<number>`(select count(*)::int from plan_workouts pw where pw.plan_id = "plans"."id")`,
    })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), sql`${plans.deletedAt} is null`))
    .limit(1);
  return row ?? null;
}

/** Moves a live plan between draft and published. Returns whether a row changed. */
export async function setPlanStatus(db: Tx, organizationId: string, planId: string, from: "draft" | "published", to: "draft" | "published"): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), eq(plans.status, from), sql`${plans.deletedAt} is null`))
    .returning({ id: plans.id });
  return rows.length > 0;
}

// --- The console's library (a workspace's own plans: drafts too, never member-made ones) ---

export interface WorkspacePlanFilter {
  organizationId: string;
  words?: string[];
  status?: "draft" | "published";
  visibility?: "public" | "private";
  difficulty?: Difficulty;
  limit: number;
  offset: number;
}

/** A page of a workspace's live public and private plans, most recently changed first, and the total. */
export async function listWorkspacePlanPage(db: Tx, f: WorkspacePlanFilter) {
  const conds: SQL[] = [eq(plans.organizationId, f.organizationId), sql`${plans.deletedAt} is null`, sql`${plans.visibility} in ('public', 'private')`];
  for (const w of f.words ?? []) conds.push(sql`${plans.searchText} like ${containsPattern(w)}`);
  if (f.status) conds.push(eq(plans.status, f.status));
  if (f.visibility) conds.push(eq(plans.visibility, f.visibility));
  if (f.difficulty) conds.push(eq(plans.difficulty, f.difficulty));
  const where = and(...conds)!;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: plans.id,
        name: plans.name,
        status: plans.status,
        visibility: plans.visibility,
        difficulty: plans.difficulty,
        source: plans.source,
        durationWeeks: plans.durationWeeks,
        daysPerWeek: plans.daysPerWeek,
        updatedAt: plans.updatedAt,
        workouts: sql<number>`(select count(*)::int from plan_workouts pw where pw.plan_id = "plans"."id")`,
      })
      .from(plans)
      .where(where)
      .orderBy(desc(plans.updatedAt), desc(plans.id))
      .limit(f.limit)
      .offset(f.offset),
    db.$count(plans, where),
  ]);
  return { rows, total };
}

/** A workspace plan with its schedule in order (the console's plan builder). */
export async function findPlanForEditing(db: Tx, organizationId: string, planId: string) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), sql`${plans.deletedAt} is null`, sql`${plans.visibility} in ('public', 'private')`));
  if (!row) return null;
  const schedule = await db
    .select({
      week: planWorkouts.week,
      day: planWorkouts.day,
      position: planWorkouts.position,
      workoutId: planWorkouts.workoutId,
      workoutName: workouts.name,
      workoutStatus: workouts.status,
      duration: workouts.duration,
    })
    .from(planWorkouts)
    .innerJoin(workouts, eq(workouts.id, planWorkouts.workoutId))
    .where(eq(planWorkouts.planId, planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position));
  return { plan: row, schedule };
}

/** Locks a workspace plan for an edit in the caller's transaction. */
export async function lockOrgPlan(db: Tx, organizationId: string, planId: string) {
  const [row] = await db
    .select({ id: plans.id, status: plans.status, visibility: plans.visibility })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), sql`${plans.deletedAt} is null`))
    .for("update");
  return row ?? null;
}

/** Replaces a plan's columns and schedule (call inside the caller's transaction). */
export async function replacePlanContent(
  db: Tx,
  planId: string,
  columns: Partial<typeof plans.$inferInsert>,
  schedule: { week: number; day: number; position: number; workoutId: string }[],
): Promise<void> {
  await db.update(plans).set(columns).where(eq(plans.id, planId));
  await db.delete(planWorkouts).where(eq(planWorkouts.planId, planId));
  if (schedule.length) await db.insert(planWorkouts).values(schedule.map((s) => ({ ...s, planId })));
}
