import { type SQLWrapper, and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type Tx, poolOf } from "../client";
import { type SessionPlaybackQuality, endUsers, workoutSegments, workoutSessions, workouts } from "../schema";

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

/** A statement value: the value itself, or a placeholder of a prepared statement. */
type Val = string | SQLWrapper;
type Bind = <T>(name: string, value: T) => T | SQLWrapper;
const inline: Bind = (_name, value) => value;

/** The owner condition's shape (which predicates apply) and its values, bound by `bind`. */
interface OwnerSpec {
  kind: SessionOwner["by"];
  org: Val;
  member?: Val;
  ident?: { by: "id" | "email" | "none"; value: Val | null };
  external?: Val;
}

function ownerSpec(owner: SessionOwner, bind: Bind): OwnerSpec {
  const org = bind("org", owner.organizationId);
  if (owner.by === "anonymous") return { kind: "anonymous", org };
  if (owner.by === "member") return { kind: "member", org, member: bind("member", owner.endUserId) };
  const spec: OwnerSpec = { kind: "fields", org };
  if (owner.endUserId !== undefined) {
    const ident = owner.endUserId.trim();
    spec.ident = HEX24.test(ident)
      ? { by: "id", value: bind("ident", ident.toLowerCase()) }
      : ident.includes("@")
        ? { by: "email", value: bind("ident", ident) }
        : { by: "none", value: null };
  }
  if (owner.externalUserId !== undefined) spec.external = bind("external", owner.externalUserId.trim());
  return spec;
}

const ownerShape = (s: OwnerSpec) => `${s.kind}:${s.ident?.by ?? "-"}:${s.external === undefined ? "-" : "x"}`;

function ownerCondition(spec: OwnerSpec) {
  const org = eq(workoutSessions.organizationId, spec.org);
  const activeMember = (match: ReturnType<typeof sql>) =>
    sql`${workoutSessions.endUserId} in (select ${endUsers.id} from ${endUsers} where ${endUsers.organizationId} = ${spec.org} and ${endUsers.status} = 'active' and ${match})`;
  if (spec.kind === "anonymous") return and(org, isNull(workoutSessions.endUserId));
  if (spec.kind === "member") return and(org, activeMember(sql`${endUsers.id} = ${spec.member}`));
  const conditions = [org];
  if (spec.ident) {
    const { by, value } = spec.ident;
    conditions.push(activeMember(by === "id" ? sql`${endUsers.id} = ${value}` : by === "email" ? sql`lower(${endUsers.email}) = lower(${value})` : sql`false`));
  }
  if (spec.external !== undefined) conditions.push(activeMember(sql`${endUsers.externalId} = ${spec.external}`));
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

const owned = (sessionId: Val, workoutId: Val, owner: OwnerSpec) =>
  and(eq(workoutSessions.id, sessionId), eq(workoutSessions.workoutId, workoutId), ownerCondition(owner));

/** The session when it belongs to this workout and owner; anything else reads as missing. */
export async function findOwnedSession(db: Tx, args: { sessionId: string; workoutId: string; owner: SessionOwner; forUpdate?: boolean }) {
  const q = db
    .select()
    .from(workoutSessions)
    .where(owned(args.sessionId, args.workoutId, ownerSpec(args.owner, inline)))
    .limit(1);
  const [row] = args.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

/** Duration capped at twice the expected length; progress is that duration over the expected length, at most 1. */
const cappedDuration = (seconds: number | SQLWrapper) => sql`least(${seconds}::int, 2 * ${workoutSessions.expectedDuration})`;
const progressOf = (seconds: number | SQLWrapper) =>
  sql`case when ${workoutSessions.expectedDuration} > 0 then least(1.0, least(${seconds}::int, 2 * ${workoutSessions.expectedDuration})::real / ${workoutSessions.expectedDuration}) else 0 end`;

type UpdateArgs = {
  sessionId: string;
  workoutId: string;
  owner: SessionOwner;
  progressSeconds?: number;
  workoutSegmentId?: string | null;
  quality?: SessionPlaybackQuality;
};

/** Every value of the update, bound by `bind` in one pass (a value, or a named placeholder). */
function bindUpdate(args: UpdateArgs, bind: Bind) {
  return {
    session: bind("session", args.sessionId),
    workout: bind("workout", args.workoutId),
    seconds: args.progressSeconds === undefined ? undefined : bind("seconds", args.progressSeconds),
    segment: args.workoutSegmentId === undefined ? undefined : bind("segment", args.workoutSegmentId),
    quality: args.quality === undefined ? undefined : bind("quality", JSON.stringify(args.quality)),
    owner: ownerSpec(args.owner, bind),
  };
}

/** Which statement `args` needs: the owner condition, and which fields are sent. */
function updateShape(args: UpdateArgs, owner: OwnerSpec): string {
  const segment = args.workoutSegmentId === undefined ? "-" : args.workoutSegmentId === null ? "0" : "s";
  return `${ownerShape(owner)}|${args.progressSeconds === undefined ? "-" : "p"}|${segment}|${args.quality === undefined ? "-" : "q"}`;
}

function buildUpdate(db: Tx, args: UpdateArgs, v: ReturnType<typeof bindUpdate>) {
  const set: PgUpdateSetSource<typeof workoutSessions> = { updatedAt: sql`now()` };
  if (v.seconds !== undefined) {
    set.progressSeconds = v.seconds as number;
    set.duration = cappedDuration(v.seconds);
    set.progress = progressOf(v.seconds);
  }
  if (v.segment !== undefined) set.workoutSegmentId = v.segment as string | null;
  if (v.quality !== undefined) set.playbackQuality = sql`${v.quality}::jsonb`;
  const segmentCheck = args.workoutSegmentId
    ? sql`exists (select 1 from ${workoutSegments} where ${workoutSegments.id} = ${v.segment} and ${workoutSegments.workoutId} = ${v.workout})`
    : undefined;
  return db
    .update(workoutSessions)
    .set(set)
    .where(and(owned(v.session, v.workout, v.owner), eq(workoutSessions.status, "started"), segmentCheck))
    .returning();
}

type PreparedUpdate = { execute(values: Record<string, unknown>): Promise<SessionRow[]> };
const preparedUpdates = new WeakMap<object, Map<string, PreparedUpdate>>();
let preparedCount = 0;

/**
 * Records playback on a started session in one conditional statement: it applies only while the
 * session is `started` (and, when a segment is named, only for a segment of this workout), so a
 * concurrent end or complete either sees this change or makes it miss (null: caller diagnoses).
 * Outside a transaction it runs as a prepared statement, built once per shape (which fields are
 * sent, how the owner is named): this is the players' hot path.
 */
export async function updateStartedSession(db: Tx, args: UpdateArgs): Promise<SessionRow | null> {
  if (!poolOf(db)) {
    const [row] = await buildUpdate(db, args, bindUpdate(args, inline));
    return row ?? null;
  }
  const values: Record<string, unknown> = {};
  const bound = bindUpdate(args, (name, value) => {
    values[name] = value;
    return value;
  });
  const shape = updateShape(args, bound.owner);
  let byShape = preparedUpdates.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedUpdates.set(db, byShape);
  }
  let prepared = byShape.get(shape);
  if (!prepared) {
    const placeholders = bindUpdate(args, (name) => sql.placeholder(name) as SQLWrapper);
    prepared = buildUpdate(db, args, placeholders).prepare(`session_update_${++preparedCount}`) as unknown as PreparedUpdate;
    byShape.set(shape, prepared);
  }
  const [row] = await prepared.execute(values);
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
  args: { sessionId: string; workoutId: string; owner: SessionOwner; mode: "end" | "complete"; quality?: SessionPlaybackQuality },
): Promise<SessionRow | null> {
  const forced = {
    ...(args.mode === "complete" ? { progress: 1, duration: sql`${workoutSessions.expectedDuration}` } : {}),
    ...(args.quality ? { playbackQuality: args.quality } : {}),
  };
  const [row] = await db
    .update(workoutSessions)
    .set({ status: "completed", completedAt: sql`now()`, updatedAt: sql`now()`, ...forced })
    .where(and(owned(args.sessionId, args.workoutId, ownerSpec(args.owner, inline)), eq(workoutSessions.status, "started")))
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

/** A member's workout sessions, newest first, with the workout's name (the console's member page). */
export async function listMemberSessions(db: Tx, args: { organizationId: string; endUserId: string; limit: number; offset: number }) {
  const where = and(eq(workoutSessions.organizationId, args.organizationId), eq(workoutSessions.endUserId, args.endUserId));
  const [rows, total] = await Promise.all([
    db
      .select({ session: workoutSessions, workoutName: workouts.name })
      .from(workoutSessions)
      .innerJoin(workouts, eq(workouts.id, workoutSessions.workoutId))
      .where(where)
      .orderBy(desc(workoutSessions.createdAt), desc(workoutSessions.id))
      .limit(args.limit)
      .offset(args.offset),
    db.$count(workoutSessions, where),
  ]);
  return { rows, total };
}
