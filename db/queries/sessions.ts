import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tx } from "../client";
import { endUsers, workoutSegments, workoutSessions, workouts } from "../schema";

export type SessionRow = typeof workoutSessions.$inferSelect;

/**
 * Who a session must belong to, as the caller named it: nobody (anonymous, key-only), a member by
 * id (token or resolved identity), or the raw attribution fields, matched in SQL so that the hot
 * path (PATCH) resolves the member inside its one UPDATE. Only active members of the organization match.
 */
export type SessionOwner =
  | { organizationId: string; by: "anonymous" }
  | { organizationId: string; by: "member"; endUserId: string }
  | { organizationId: string; by: "fields"; endUserId?: string; externalUserId?: string };

const HEX24 = /^[0-9a-f]{24}$/i;

function ownerCondition(owner: SessionOwner) {
  const org = eq(workoutSessions.organizationId, owner.organizationId);
  const activeMember = (match: ReturnType<typeof sql>) =>
    sql`${workoutSessions.endUserId} in (select ${endUsers.id} from ${endUsers} where ${endUsers.organizationId} = ${owner.organizationId} and ${endUsers.status} = 'active' and ${match})`;
  if (owner.by === "anonymous") return and(org, isNull(workoutSessions.endUserId));
  if (owner.by === "member") return and(org, activeMember(sql`${endUsers.id} = ${owner.endUserId}`));
  const conditions = [org];
  if (owner.endUserId !== undefined) {
    const ident = owner.endUserId.trim();
    const match = HEX24.test(ident)
      ? sql`${endUsers.id} = ${ident.toLowerCase()}`
      : ident.includes("@")
        ? sql`lower(${endUsers.email}) = lower(${ident})`
        : sql`false`;
    conditions.push(activeMember(match));
  }
  if (owner.externalUserId !== undefined) conditions.push(activeMember(sql`${endUsers.externalId} = ${owner.externalUserId.trim()}`));
  if (conditions.length === 1) conditions.push(isNull(workoutSessions.endUserId));
  return and(...conditions);
}

/** The workout a session is started for, when it exists and is published. */
export async function findPlayableWorkout(db: Tx, workoutId: string) {
  const [row] = await db
    .select({ id: workouts.id, organizationId: workouts.organizationId, duration: workouts.duration })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.status, "published"), isNull(workouts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Completes the member's started sessions of a workout ("closed" on a new start; progress is kept). */
export async function closeStartedSessions(db: Tx, args: { endUserId: string; workoutId: string }): Promise<number> {
  const rows = await db
    .update(workoutSessions)
    .set({ status: "completed", completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(workoutSessions.endUserId, args.endUserId), eq(workoutSessions.workoutId, args.workoutId), eq(workoutSessions.status, "started")))
    .returning({ id: workoutSessions.id });
  return rows.length;
}

export async function insertSession(
  db: Tx,
  args: { workoutId: string; organizationId: string; endUserId: string | null; apiKeyId: string | null; expectedDuration: number },
): Promise<SessionRow> {
  const [row] = await db
    .insert(workoutSessions)
    .values({ ...args, status: "started" })
    .returning();
  return row!;
}

const owned = (sessionId: string, workoutId: string, owner: SessionOwner) =>
  and(eq(workoutSessions.id, sessionId), eq(workoutSessions.workoutId, workoutId), ownerCondition(owner));

/** The session when it belongs to this workout and owner; anything else reads as missing. */
export async function findOwnedSession(db: Tx, args: { sessionId: string; workoutId: string; owner: SessionOwner; forUpdate?: boolean }) {
  const q = db
    .select()
    .from(workoutSessions)
    .where(owned(args.sessionId, args.workoutId, args.owner))
    .limit(1);
  const [row] = args.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

/** Duration capped at twice the expected length; progress is that duration over the expected length, at most 1. */
const cappedDuration = (seconds: number) => sql`least(${seconds}::int, 2 * ${workoutSessions.expectedDuration})`;
const progressOf = (seconds: number) =>
  sql`case when ${workoutSessions.expectedDuration} > 0 then least(1.0, least(${seconds}::int, 2 * ${workoutSessions.expectedDuration})::real / ${workoutSessions.expectedDuration}) else 0 end`;

/**
 * Records playback on a started session in one conditional statement: it applies only while the
 * session is `started` (and, when a segment is named, only for a segment of this workout), so a
 * concurrent end or complete either sees this change or makes it miss (null: caller diagnoses).
 */
export async function updateStartedSession(
  db: Tx,
  args: { sessionId: string; workoutId: string; owner: SessionOwner; progressSeconds?: number; workoutSegmentId?: string | null },
): Promise<SessionRow | null> {
  const set: PgUpdateSetSource<typeof workoutSessions> = { updatedAt: sql`now()` };
  if (args.progressSeconds !== undefined) {
    set.progressSeconds = args.progressSeconds;
    set.duration = cappedDuration(args.progressSeconds);
    set.progress = progressOf(args.progressSeconds);
  }
  if (args.workoutSegmentId !== undefined) set.workoutSegmentId = args.workoutSegmentId;
  const segmentCheck = args.workoutSegmentId
    ? sql`exists (select 1 from ${workoutSegments} where ${workoutSegments.id} = ${args.workoutSegmentId} and ${workoutSegments.workoutId} = ${args.workoutId})`
    : undefined;
  const [row] = await db
    .update(workoutSessions)
    .set(set)
    .where(and(owned(args.sessionId, args.workoutId, args.owner), eq(workoutSessions.status, "started"), segmentCheck))
    .returning();
  return row ?? null;
}

export async function segmentBelongsToWorkout(db: Tx, segmentId: string, workoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workoutSegments.id })
    .from(workoutSegments)
    .where(and(eq(workoutSegments.id, segmentId), eq(workoutSegments.workoutId, workoutId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Moves a started session to `completed`. `end` keeps duration and progress from the last PATCH;
 * `complete` forces progress 1 and the full expected duration. Null when it was not started.
 */
export async function finishStartedSession(
  db: Tx,
  args: { sessionId: string; workoutId: string; owner: SessionOwner; mode: "end" | "complete" },
): Promise<SessionRow | null> {
  const forced = args.mode === "complete" ? { progress: 1, duration: sql`${workoutSessions.expectedDuration}` } : {};
  const [row] = await db
    .update(workoutSessions)
    .set({ status: "completed", completedAt: sql`now()`, updatedAt: sql`now()`, ...forced })
    .where(and(owned(args.sessionId, args.workoutId, args.owner), eq(workoutSessions.status, "started")))
    .returning();
  return row ?? null;
}

/** The member's most recent started session of a workout. */
export async function findRecentStartedSession(db: Tx, args: { workoutId: string; organizationId: string; endUserId: string }) {
  const [row] = await db
    .select()
    .from(workoutSessions)
    .where(
      and(
        eq(workoutSessions.endUserId, args.endUserId),
        eq(workoutSessions.workoutId, args.workoutId),
        eq(workoutSessions.status, "started"),
        eq(workoutSessions.organizationId, args.organizationId),
      ),
    )
    .orderBy(desc(workoutSessions.createdAt))
    .limit(1);
  return row ?? null;
}
