import { type SQL, and, asc, desc, eq, gt, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Tx } from "../client";
import {
  type AutopilotContentType,
  type AutopilotEventType,
  type AutopilotScope,
  type AutopilotStatus,
  autopilotEvents,
  autopilotTasks,
  methodologyProfiles,
  trainers,
} from "../schema";

export type AutopilotTaskRow = typeof autopilotTasks.$inferSelect;
export type NewAutopilotTask = typeof autopilotTasks.$inferInsert;
export type AutopilotEventRow = typeof autopilotEvents.$inferSelect;
export type NewAutopilotEvent = typeof autopilotEvents.$inferInsert;

const LIVE_TASK = isNull(autopilotTasks.deletedAt);

export async function insertAutopilotTask(db: Tx, row: NewAutopilotTask): Promise<AutopilotTaskRow> {
  const [created] = await db.insert(autopilotTasks).values(row).returning();
  return created!;
}

/** A live (not soft-deleted) task of an organization, or null. */
export async function findAutopilotTask(db: Tx, organizationId: string, taskId: string): Promise<AutopilotTaskRow | null> {
  const [row] = await db
    .select()
    .from(autopilotTasks)
    .where(and(eq(autopilotTasks.id, taskId), eq(autopilotTasks.organizationId, organizationId), LIVE_TASK))
    .limit(1);
  return row ?? null;
}

/**
 * A live task of an organization, locked for this transaction (FOR UPDATE): a run's claim and
 * commit steps and the state moves serialize on it (briefly: no run holds it while the model works).
 */
export async function lockAutopilotTask(db: Tx, organizationId: string, taskId: string): Promise<AutopilotTaskRow | null> {
  const [row] = await db
    .select()
    .from(autopilotTasks)
    .where(and(eq(autopilotTasks.id, taskId), eq(autopilotTasks.organizationId, organizationId), LIVE_TASK))
    .limit(1)
    .for("update");
  return row ?? null;
}

/**
 * The oldest due active task that no other transaction holds and no run has claimed (or whose
 * claim's lease has passed), locked until this transaction ends (FOR UPDATE SKIP LOCKED):
 * concurrent schedulers each get a different task, the claim committed next keeps others away
 * while the model runs, and a run's commit moves nextRunAt past now, so a due time is served once.
 */
export async function claimDueAutopilotTask(db: Tx, now: Date): Promise<AutopilotTaskRow | null> {
  const [row] = await db
    .select()
    .from(autopilotTasks)
    .where(
      and(
        sql`${autopilotTasks.status} = 'active' and ${autopilotTasks.deletedAt} is null and ${autopilotTasks.nextRunAt} is not null`,
        lte(autopilotTasks.nextRunAt, now),
        // A task whose run is in progress (claim within its lease) is not due again until the lease passes.
        or(isNull(autopilotTasks.runClaimedUntil), lte(autopilotTasks.runClaimedUntil, now)),
      ),
    )
    .orderBy(asc(autopilotTasks.nextRunAt), asc(autopilotTasks.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

/** Overrides updatedAt's $onUpdate clock: claims and releases are not edits of the task. */
const KEEP_UPDATED_AT = sql`${autopilotTasks.updatedAt}`;

/**
 * Marks a live task as claimed by a run (token, lease end) without touching updatedAt (a claim is
 * not an edit). Call with the task locked.
 */
export async function setAutopilotRunClaim(db: Tx, taskId: string, token: string | null, until: Date | null): Promise<void> {
  await db.update(autopilotTasks).set({ runClaimToken: token, runClaimedUntil: until, updatedAt: KEEP_UPDATED_AT }).where(eq(autopilotTasks.id, taskId));
}

/** Clears a run's claim if it is still this token's (also on a soft-deleted task). */
export async function releaseAutopilotRunClaim(db: Tx, taskId: string, token: string): Promise<void> {
  await db
    .update(autopilotTasks)
    .set({ runClaimToken: null, runClaimedUntil: null, updatedAt: KEEP_UPDATED_AT })
    .where(and(eq(autopilotTasks.id, taskId), eq(autopilotTasks.runClaimToken, token)));
}

/**
 * Runs claimed against a cap whose lease has not passed: executions in progress, counted with the
 * recorded ones so that concurrent runs of one owner cannot pass the daily cap.
 */
export async function countLiveAutopilotClaims(db: Tx, capKey: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(autopilotTasks)
    .where(
      and(
        sql`coalesce(${autopilotTasks.ownerId}, 'organization:' || ${autopilotTasks.organizationId}) = ${capKey}`,
        gt(autopilotTasks.runClaimedUntil, now),
      ),
    );
  return row?.n ?? 0;
}

/** Updates a live task; returns the new row (null when it is gone). */
export async function updateAutopilotTask(db: Tx, organizationId: string, taskId: string, patch: Partial<NewAutopilotTask>): Promise<AutopilotTaskRow | null> {
  const [row] = await db
    .update(autopilotTasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(autopilotTasks.id, taskId), eq(autopilotTasks.organizationId, organizationId), LIVE_TASK))
    .returning();
  return row ?? null;
}

/** Soft delete: the task leaves lists, reads and the schedule. Returns false when it was not live. */
export async function softDeleteAutopilotTask(db: Tx, organizationId: string, taskId: string): Promise<boolean> {
  const rows = await db
    .update(autopilotTasks)
    .set({ deletedAt: new Date(), updatedAt: new Date(), nextRunAt: null })
    .where(and(eq(autopilotTasks.id, taskId), eq(autopilotTasks.organizationId, organizationId), LIVE_TASK))
    .returning({ id: autopilotTasks.id });
  return rows.length > 0;
}

export interface ListAutopilotTasksArgs {
  organizationId: string;
  limit: number;
  offset: number;
  status?: AutopilotStatus;
  scope?: AutopilotScope;
  contentType?: AutopilotContentType;
  sortBy: "updatedAt" | "createdAt";
  direction: "asc" | "desc";
}

/** One page of an organization's live tasks and the total matching the filters. */
export async function listAutopilotTasks(db: Tx, args: ListAutopilotTasksArgs): Promise<{ rows: AutopilotTaskRow[]; total: number }> {
  const conds: SQL[] = [eq(autopilotTasks.organizationId, args.organizationId), LIVE_TASK];
  if (args.status) conds.push(eq(autopilotTasks.status, args.status));
  if (args.scope) conds.push(eq(autopilotTasks.scope, args.scope));
  if (args.contentType) conds.push(eq(autopilotTasks.contentType, args.contentType));
  const where = and(...conds)!;
  const column = args.sortBy === "createdAt" ? autopilotTasks.createdAt : autopilotTasks.updatedAt;
  const dir = args.direction === "asc" ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(autopilotTasks)
      .where(where)
      .orderBy(dir(column), dir(autopilotTasks.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(autopilotTasks).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface ListAutopilotEventsArgs {
  organizationId: string;
  taskId?: string;
  eventType?: AutopilotEventType;
  limit: number;
  offset: number;
}

/** Events newest first; events of soft-deleted tasks are left out with their task. */
export async function listAutopilotEvents(db: Tx, args: ListAutopilotEventsArgs): Promise<{ rows: AutopilotEventRow[]; total: number }> {
  const conds: SQL[] = [
    eq(autopilotEvents.organizationId, args.organizationId),
    sql`exists (select 1 from autopilot_tasks t where t.id = ${autopilotEvents.taskId} and t.deleted_at is null)`,
  ];
  if (args.taskId) conds.push(eq(autopilotEvents.taskId, args.taskId));
  if (args.eventType) conds.push(eq(autopilotEvents.eventType, args.eventType));
  const where = and(...conds)!;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(autopilotEvents)
      .where(where)
      .orderBy(desc(autopilotEvents.createdAt), desc(autopilotEvents.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(autopilotEvents).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Records one run outcome. A scheduled run's (taskId, scheduledFor) is unique, so a second
 * writer for the same due time fails here and its transaction (with any content) rolls back.
 */
export async function insertAutopilotEvent(db: Tx, row: NewAutopilotEvent): Promise<AutopilotEventRow> {
  const [created] = await db.insert(autopilotEvents).values(row).returning();
  return created!;
}

/**
 * Serializes the runs counted against one daily cap until this transaction ends, so that the
 * count read next cannot be raced past the cap by a concurrent run of the same owner.
 */
export async function lockAutopilotCap(db: Tx, capKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`autopilot-cap:${capKey}`}, 0))`);
}

/** Executions (success or failed runs) counted against a cap since a moment. */
export async function countAutopilotExecutions(db: Tx, capKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(autopilotEvents)
    .where(and(eq(autopilotEvents.capKey, capKey), sql`${autopilotEvents.eventType} in ('success', 'failed')`, gte(autopilotEvents.createdAt, since)));
  return row?.n ?? 0;
}

/** Minutes of content the organization's autopilot created since a moment. */
export async function sumAutopilotMinutes(db: Tx, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ m: sql<number>`coalesce(sum(${autopilotEvents.contentMinutes}), 0)::float8` })
    .from(autopilotEvents)
    .where(and(eq(autopilotEvents.organizationId, organizationId), gte(autopilotEvents.createdAt, since)));
  return Number(row?.m ?? 0);
}

/** The workspace's owning trainer: its first trainer (the one who created it). */
export async function findWorkspaceOwner(db: Tx, organizationId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: trainers.id, name: trainers.name })
    .from(trainers)
    .where(eq(trainers.organizationId, organizationId))
    .orderBy(asc(trainers.createdAt), asc(trainers.id))
    .limit(1);
  return row ?? null;
}

/** The workspace's Programming DNA: its active team default profile, if any. */
export async function findTeamDefaultMethodology(db: Tx, organizationId: string) {
  const [row] = await db
    .select({ id: methodologyProfiles.id, applicability: methodologyProfiles.applicability })
    .from(methodologyProfiles)
    .where(
      and(
        eq(methodologyProfiles.organizationId, organizationId),
        eq(methodologyProfiles.scope, "team"),
        eq(methodologyProfiles.isActive, true),
        eq(methodologyProfiles.isTeamDefault, true),
      ),
    )
    .orderBy(desc(methodologyProfiles.updatedAt))
    .limit(1);
  return row ?? null;
}

/** Success events of a task, newest first (their content ids feed ai_tuned guidance). */
export async function listTaskResults(db: Tx, taskId: string, limit: number): Promise<{ resultContentId: string; resultContentType: string }[]> {
  const rows = await db
    .select({ resultContentId: autopilotEvents.resultContentId, resultContentType: autopilotEvents.resultContentType })
    .from(autopilotEvents)
    .where(and(eq(autopilotEvents.taskId, taskId), eq(autopilotEvents.eventType, "success")))
    .orderBy(desc(autopilotEvents.createdAt))
    .limit(limit);
  return rows.filter((r): r is { resultContentId: string; resultContentType: "workout" | "program" } => r.resultContentId !== null && r.resultContentType !== null);
}

/**
 * Members' difficulty feedback and mean rating on a set of workouts (an autopilot task's
 * earlier results), for ai_tuned guidance.
 */
export async function summarizeWorkoutFeedback(db: Tx, workoutIds: string[]): Promise<{ tooEasy: number; tooHard: number; justRight: number; rating: number | null }> {
  if (workoutIds.length === 0) return { tooEasy: 0, tooHard: 0, justRight: 0, rating: null };
  const [row] = await db.execute<{ tooEasy: number; tooHard: number; justRight: number; rating: number | null }>(sql`
    select count(*) filter (where d.key = 'too-easy')::int as "tooEasy",
      count(*) filter (where d.key = 'too-hard')::int as "tooHard",
      count(*) filter (where d.key = 'just-right')::int as "justRight",
      avg(r.value)::float8 as "rating"
    from workout_feedback f
    left join feedback_options d on d.id = f.difficulty_option_id
    left join feedback_options r on r.id = f.rating_option_id
    where f.workout_id = any(${sql.param(workoutIds)}::text[])`);
  return { tooEasy: row?.tooEasy ?? 0, tooHard: row?.tooHard ?? 0, justRight: row?.justRight ?? 0, rating: row?.rating === null || row?.rating === undefined ? null : Number(row.rating) };
}
