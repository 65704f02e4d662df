import { type SQLWrapper, and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { type Tx, poolOf } from "../client";
import { castSessions, workoutSegments, workouts } from "../schema";

export type CastSessionRow = typeof castSessions.$inferSelect;
export type CastSessionInsert = typeof castSessions.$inferInsert;
/** The columns a change may set (id, organization and code never change). */
export type CastSessionChange = Partial<Omit<CastSessionInsert, "id" | "organizationId" | "code" | "createdAt">>;

export async function insertCastSession(db: Tx, values: CastSessionInsert): Promise<CastSessionRow> {
  const [row] = await db.insert(castSessions).values(values).returning();
  return row!;
}

/**
 * The cast commands' two hot statements (read a session, write it at a version) run as prepared
 * statements on the pool, built once per shape: building a Drizzle query costs more than running
 * it. Inside a transaction they run as plain statements.
 */
type Prepared = { execute(values: Record<string, unknown>): Promise<CastSessionRow[]> };
const preparedByPool = new WeakMap<object, Map<string, Prepared>>();
let preparedCount = 0;

function prepared(db: Tx, shape: string, build: () => { prepare(name: string): unknown }): Prepared | null {
  const pool = poolOf(db);
  if (!pool) return null;
  let byShape = preparedByPool.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByPool.set(db, byShape);
  }
  let statement = byShape.get(shape);
  if (!statement) {
    statement = build().prepare(`cast_${++preparedCount}`) as Prepared;
    byShape.set(shape, statement);
  }
  return statement;
}

const selectById = (db: Tx, id: string | SQLWrapper) => db.select().from(castSessions).where(eq(castSessions.id, id)).limit(1);

export async function findCastSession(db: Tx, id: string): Promise<CastSessionRow | null> {
  const statement = prepared(db, "find", () => selectById(db, sql.placeholder("id")));
  const [row] = statement ? await statement.execute({ id }) : await selectById(db, id);
  return row ?? null;
}

/** The session row locked for the rest of the transaction: commands on one session run one at a time. */
export async function lockCastSession(db: Tx, id: string): Promise<CastSessionRow | null> {
  const [row] = await db.select().from(castSessions).where(eq(castSessions.id, id)).limit(1).for("update");
  return row ?? null;
}

/** The session that holds a code and has not ended (the partial unique index makes it at most one). */
export async function findLiveCastSessionByCode(db: Tx, code: string): Promise<CastSessionRow | null> {
  const [row] = await db
    .select()
    .from(castSessions)
    .where(and(eq(castSessions.code, code), ne(castSessions.phase, "ended")))
    .limit(1);
  return row ?? null;
}

/** Writes a change and bumps the version (call with the row locked). */
export async function updateCastSession(db: Tx, id: string, change: CastSessionChange): Promise<CastSessionRow> {
  const [row] = await db
    .update(castSessions)
    .set({ ...change, version: sql`${castSessions.version} + 1`, updatedAt: sql`now()` })
    .where(eq(castSessions.id, id))
    .returning();
  return row!;
}

/** Writes a change only if the row is still at `version` (nobody wrote since it was read) and live; null otherwise. */
export async function updateCastSessionAtVersion(db: Tx, id: string, version: number, change: CastSessionChange): Promise<CastSessionRow | null> {
  const keys = (Object.keys(change) as (keyof CastSessionChange)[]).filter((k) => change[k] !== undefined).sort();
  // Nulls are part of the statement's shape (SQL null), never placeholders: a prepared value goes
  // through the column's encoder, which does not expect null (a timestamp's would throw).
  const value = (k: keyof CastSessionChange, bind: (key: string, value: unknown) => unknown) => (change[k] === null ? sql`null` : bind(k, change[k]));
  const build = (bind: (key: string, value: unknown) => unknown) =>
    db
      .update(castSessions)
      .set({ ...Object.fromEntries(keys.map((k) => [k, value(k, bind)])), version: sql`${castSessions.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(castSessions.id, bind("_id", id) as string),
          eq(castSessions.version, bind("_version", version) as number),
          ne(castSessions.phase, "ended"),
          sql`${castSessions.expiresAt} > now()`,
        ),
      )
      .returning();
  const shape = keys.map((k) => (change[k] === null ? `${k}=null` : k)).join(",");
  const statement = prepared(db, `update:${shape}`, () => build((k) => sql.placeholder(k)));
  const [row] = statement ? await statement.execute({ ...change, _id: id, _version: version }) : await build((_k, v) => v);
  return row ?? null;
}

/**
 * A heartbeat of the paired controller: one conditional statement, applied only while the device is
 * still the session's controller, the session has not ended and the device was heard from within
 * `silentAfterMs` (a device already counted as disconnected must join again).
 */
export async function touchCastController(db: Tx, args: { sessionId: string; deviceId: string; silentAfterMs: number }): Promise<boolean> {
  const rows = await db
    .update(castSessions)
    .set({ controllerLastSeenAt: sql`now()` })
    .where(
      and(
        eq(castSessions.id, args.sessionId),
        eq(castSessions.controllerDeviceId, args.deviceId),
        ne(castSessions.phase, "ended"),
        sql`${castSessions.expiresAt} > now()`,
        sql`${castSessions.controllerLastSeenAt} > now() - make_interval(secs => ${args.silentAfterMs / 1000})`,
      ),
    )
    .returning({ id: castSessions.id });
  return rows.length > 0;
}

/** Live sessions past their expiry (the sweep ends them). */
export async function listExpiredCastSessionIds(db: Tx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: castSessions.id })
    .from(castSessions)
    .where(and(ne(castSessions.phase, "ended"), lte(castSessions.expiresAt, sql`now()`)))
    .orderBy(castSessions.expiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Live sessions whose controller was silent for `silentAfterMs` (the sweep unpairs them). */
export async function listSilentControllerSessionIds(db: Tx, silentAfterMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: castSessions.id })
    .from(castSessions)
    .where(
      and(
        ne(castSessions.phase, "ended"),
        sql`${castSessions.controllerDeviceId} is not null`,
        sql`${castSessions.controllerLastSeenAt} <= now() - make_interval(secs => ${silentAfterMs / 1000})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Forgets sessions that ended before the cutoff (their ids then answer 404 instead of 410). */
export async function purgeEndedCastSessions(db: Tx, endedBefore: Date): Promise<number> {
  const rows = await db
    .delete(castSessions)
    .where(and(eq(castSessions.phase, "ended"), lte(castSessions.endedAt, endedBefore)))
    .returning({ id: castSessions.id });
  return rows.length;
}

/** A workout as cast needs it before the playlist: owner, names, length, and whether it can be played. */
export async function findCastableWorkout(db: Tx, workoutId: string) {
  const [row] = await db
    .select({ id: workouts.id, organizationId: workouts.organizationId, name: workouts.name, duration: workouts.duration, difficulty: workouts.difficulty })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.status, "published"), isNull(workouts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** How each playlist segment of a workout is paced: time-based (workSeconds), counted in reps, or AMRAP. */
export async function listSegmentPacing(db: Tx, workoutId: string) {
  return db
    .select({ id: workoutSegments.id, workSeconds: workoutSegments.workSeconds, reps: workoutSegments.reps, amrap: workoutSegments.amrap })
    .from(workoutSegments)
    .where(eq(workoutSegments.workoutId, workoutId));
}
