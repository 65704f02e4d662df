import type { Db, Tx } from "@/db/client";
import {
  type CastSessionChange,
  type CastSessionRow,
  findCastSession,
  lockCastSession,
  updateCastSession,
  updateCastSessionAtVersion,
} from "@/db/queries/cast";
import { finishStartedSession, updateStartedSession } from "@/db/queries/sessions";
import type { CastEndReason } from "@/db/schema/cast";
import type { Caller } from "@/server/core/caller";
import { ApiError, forbidden, notFound } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { type CastSignal, publishCast } from "@/server/realtime/cast-channel";
import { sessionEnded } from "./events";
import { stateColumns, toCastState } from "./serialize";
import { type CastEffect, type Refusal, transition } from "./state-machine";

export const SESSION_NOT_FOUND = "Cast session not found.";

export const gone = (row: Pick<CastSessionRow, "endedReason" | "endedAt">) =>
  new ApiError({
    code: "Gone",
    message: `The cast session has ended (${row.endedReason ?? "terminated"}${row.endedAt ? ` at ${row.endedAt.toISOString()}` : ""}); create a new one.`,
  });

/** 404 unknown, 403 another organization's (team keys reach their own organization only), 410 ended. */
export function assertReachable(caller: Caller, row: CastSessionRow | null): asserts row is CastSessionRow {
  if (!row) throw notFound(SESSION_NOT_FOUND);
  if (!caller.canAccess(row.organizationId)) throw forbidden("This key is not authorized for this cast session's organization.");
  if (row.phase === "ended") throw gone(row);
}

const isExpired = (row: CastSessionRow, now: number) => row.phase !== "ended" && row.expiresAt.getTime() <= now;

/** A refused move as the API answers it: 409 Conflict, or 410 Gone for an ended session. */
export function refusalError(r: Refusal): ApiError {
  return new ApiError({ code: r.code, message: r.message });
}

/**
 * Completes the workout session a cast start created: records the played seconds, then `end`
 * (progress as played) or `complete` (progress 1, the end was reached). The same conditional
 * statements the sessions API uses, matched on the member (or anonymous) who started it. A
 * workout session already completed elsewhere, or whose member was suspended since, is left as it
 * is: the cast session still finishes.
 */
export async function finishCastWorkoutSession(tx: Tx, row: CastSessionRow, effect: Extract<CastEffect, { kind: "finishWorkoutSession" }>): Promise<void> {
  if (!row.workoutSessionId || !row.workoutId) return;
  const owner = row.endUserId
    ? ({ organizationId: row.organizationId, by: "member", endUserId: row.endUserId } as const)
    : ({ organizationId: row.organizationId, by: "anonymous" } as const);
  const target = { sessionId: row.workoutSessionId, workoutId: row.workoutId, owner };
  if (effect.mode === "end") await updateStartedSession(tx, { ...target, progressSeconds: effect.playedSeconds });
  const finished = await finishStartedSession(tx, { ...target, mode: effect.mode });
  if (!finished) log("info", "cast: the workout session was already finished", { castSessionId: row.id, workoutSessionId: row.workoutSessionId });
}

/** Ending a live session (terminate or expire): finishes a running workout session, answers the terminal signals. */
export function endPlan(row: CastSessionRow, reason: CastEndReason, now: number): CommandPlan<void> {
  const t = transition(toCastState(row), { type: reason === "terminated" ? "terminate" : "expire" }, now);
  if (!t.ok) throw refusalError(t);
  const finish = t.effects.find((e) => e.kind === "finishWorkoutSession");
  return {
    change: { ...stateColumns(t.state), endedAt: new Date(now), endedReason: reason },
    effects: finish
      ? async (tx) => {
          await finishCastWorkoutSession(tx, row, finish);
          return undefined;
        }
      : undefined,
    respond: (ended) => ({ result: undefined, signals: sessionEnded(ended, reason) }),
  };
}

/** Ends a live session with the row locked. */
export async function endLockedSession(
  tx: Tx,
  row: CastSessionRow,
  reason: CastEndReason,
  now: number,
): Promise<{ row: CastSessionRow; signals: CastSignal[] }> {
  const plan = endPlan(row, reason, now);
  await plan.effects?.(tx);
  const ended = await updateCastSession(tx, row.id, plan.change!);
  return { row: ended, signals: plan.respond(ended).signals };
}

/** Ends a session found expired (idempotent: a session already ended is left alone). Publishes the terminal event. */
export async function expireSession(db: Db, sessionId: string, now = Date.now()): Promise<boolean> {
  const out = await db.transaction(async (tx) => {
    const row = await lockCastSession(tx, sessionId);
    if (!row || !isExpired(row, now)) return null;
    return endLockedSession(tx, row, "expired", now);
  });
  if (out) publishCast(sessionId, out.signals);
  return Boolean(out);
}

/** Reads a session for a snapshot: 404/403/410; an expired one is ended on the spot and answers 410. */
export async function readLiveSession(db: Db, caller: Caller, sessionId: string, now = Date.now()): Promise<CastSessionRow> {
  const row = await findCastSession(db, sessionId);
  assertReachable(caller, row);
  if (isExpired(row, now)) {
    await expireSession(db, sessionId, now);
    throw gone({ endedReason: "expired", endedAt: row.expiresAt });
  }
  return row;
}

export interface CommandOutcome<T> {
  result: T;
  /** Broadcast after the commit, in order. */
  signals: CastSignal[];
}

/**
 * What a command does to a session, decided from the row as read: the columns to change (null:
 * nothing), side effects that must commit with the change (they need the row lock), and the
 * answer built from the row as written.
 */
export interface CommandPlan<T> {
  change: CastSessionChange | null;
  /** Runs in the transaction, with the row locked, before the change; may add columns to it. */
  effects?: (tx: Tx) => Promise<CastSessionChange | undefined>;
  respond: (row: CastSessionRow) => CommandOutcome<T>;
}
export type Command<T> = (row: CastSessionRow, now: number) => CommandPlan<T>;

/** How often a version-checked write is retried after losing to a concurrent one before taking the row lock. */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * The rows this instance last read or wrote, by session. A command's first attempt plans from here
 * and writes with the version check, so the usual command (one controller, one instance) costs one
 * statement; a stale entry (another instance wrote, the session ended) only makes that write miss,
 * and the next attempt reads the row again. Reads that answer clients (snapshot, status) never use it.
 */
const recentRows = new Map<string, CastSessionRow>();
const RECENT_MAX = 5_000;

function remember(row: CastSessionRow): CastSessionRow {
  recentRows.delete(row.id);
  if (recentRows.size >= RECENT_MAX) recentRows.delete(recentRows.keys().next().value!);
  recentRows.set(row.id, row);
  return row;
}

async function freshRow(db: Db, sessionId: string): Promise<CastSessionRow | null> {
  const row = await findCastSession(db, sessionId);
  if (row) remember(row);
  else recentRows.delete(sessionId);
  return row;
}

/**
 * Runs a command on a live session so that concurrent commands on one session apply one after
 * another and none is lost. A command without side effects (pause, next, join...) plans from the
 * session's row and writes its change only if the row is still at the version it planned from (one
 * statement, no transaction holding a pooled connection); losing to a concurrent write, it reads
 * the row again and plans again. A command with side effects (start, done, terminate), or one that
 * lost too often, runs in a transaction with the row locked (SELECT ... FOR UPDATE). Signals are
 * published after the write committed. 404/403/410 as `assertReachable`; a session found expired
 * is ended (committed, its sockets told) and the command answers 410.
 */
export async function runOnLiveSession<T>(db: Db, caller: Caller, sessionId: string, command: Command<T>): Promise<T> {
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const now = Date.now();
    const cached = attempt === 0 ? recentRows.get(sessionId) : undefined;
    const row = cached ?? (await freshRow(db, sessionId));
    let plan: CommandPlan<T>;
    try {
      assertReachable(caller, row);
      if (isExpired(row, now)) break; // ended under the lock below
      plan = command(row, now);
    } catch (err) {
      if (cached) continue; // a refusal must come from the current row, not a remembered one
      throw err;
    }
    if (plan.effects) break;
    if (!plan.change && cached) continue; // so must "nothing to do"
    const written = plan.change ? await updateCastSessionAtVersion(db, row!.id, row!.version, plan.change) : row!;
    if (!written) continue;
    const out = plan.respond(remember(written));
    publishCast(sessionId, out.signals);
    return out.result;
  }
  return runLocked(db, caller, sessionId, command);
}

async function runLocked<T>(db: Db, caller: Caller, sessionId: string, command: Command<T>): Promise<T> {
  const now = Date.now();
  const outcome = await db.transaction(async (tx) => {
    const row = await lockCastSession(tx, sessionId);
    assertReachable(caller, row);
    if (isExpired(row, now)) return { expired: true as const, ...(await endLockedSession(tx, row, "expired", now)) };
    const plan = command(row, now);
    const extra = plan.effects ? await plan.effects(tx) : undefined;
    const change = plan.change || extra ? { ...plan.change, ...extra } : null;
    const written = change ? await updateCastSession(tx, row.id, change) : row;
    return { expired: false as const, row: written, ...plan.respond(written) };
  });
  remember(outcome.row);
  publishCast(sessionId, outcome.signals);
  if (outcome.expired) throw gone(outcome.row);
  return outcome.result;
}
