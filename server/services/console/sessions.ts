import { randomBytes } from "node:crypto";
import type { Tx } from "@/db/client";
import {
  findSessionPrincipal,
  insertConsoleSession,
  listLiveTrainerSessions,
  revokeConsoleSession,
  revokeTrainerSessions,
  touchConsoleSession,
} from "@/db/queries/console";
import type { TrainerRole } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { env } from "@/server/env";

/** Who is signed in: the trainer of one session, in their workspace. */
export interface ConsolePrincipal {
  sessionId: string;
  trainerId: string;
  organizationId: string;
  organizationName: string;
  name: string;
  email: string | null;
  role: TrainerRole;
}

export function sessionMaxAgeSeconds(): number {
  return env().CONSOLE_SESSION_HOURS * 3600;
}

/**
 * Session checks are cached for two seconds at most: a busy page makes several requests, but a
 * revoked session or a suspended trainer stops working within that time. The cache lives on
 * globalThis because this process loads the module twice (Next's bundle for pages, the direct
 * path for the console's routes); a revocation through either evicts the entry for both.
 */
const CACHE_MS = 2_000;
/** last_seen_at is informational: written at most once a minute per session. */
const TOUCH_MS = 60_000;

interface Cached {
  value: ConsolePrincipal | null;
  until: number;
}
const holder = globalThis as unknown as { __formaConsoleSessions?: Map<string, Cached>; __formaConsoleTouched?: Map<string, number> };
holder.__formaConsoleSessions ??= new Map();
holder.__formaConsoleTouched ??= new Map();
const cache = holder.__formaConsoleSessions;
const touched = holder.__formaConsoleTouched;

/** Opens a session row for a successful sign-in; its id becomes the JWT's `sid`. */
export async function createConsoleSession(
  db: Tx,
  args: { trainerId: string; organizationId: string; userAgent: string | null; ip: string | null },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + sessionMaxAgeSeconds() * 1000);
  await insertConsoleSession(db, { id, ...args, userAgent: args.userAgent?.slice(0, 300) ?? null, ip: args.ip?.slice(0, 64) ?? null, expiresAt });
  return { id, expiresAt };
}

/**
 * The principal of a live session: not revoked, not expired, its trainer active and still a
 * console account of its workspace. Null otherwise.
 */
export async function loadConsolePrincipal(db: Tx, sessionId: string): Promise<ConsolePrincipal | null> {
  const now = Date.now();
  const hit = cache.get(sessionId);
  if (hit && hit.until > now) return hit.value;
  const row = await findSessionPrincipal(db, sessionId);
  const live = row && !row.revokedAt && row.expiresAt.getTime() > now && row.status === "active";
  const value: ConsolePrincipal | null = live
    ? {
        sessionId: row.sessionId,
        trainerId: row.trainerId,
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        name: row.name,
        email: row.email,
        role: row.role,
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(sessionId, { value, until: now + CACHE_MS });
  if (value && (touched.get(sessionId) ?? 0) < now - TOUCH_MS) {
    touched.set(sessionId, now);
    if (touched.size > 10_000) touched.clear();
    touchConsoleSession(db, sessionId).catch((err) => log("warn", "could not record console session use", { err: String(err) }));
  }
  return value;
}

function forget(sessionIds: string[]): void {
  for (const id of sessionIds) cache.delete(id);
}

/** Signs one session out (sign-out, or a trainer revoking one of their sessions). */
export async function revokeSession(db: Tx, sessionId: string, trainerId?: string): Promise<boolean> {
  const revoked = await revokeConsoleSession(db, { sessionId, trainerId });
  forget([sessionId]);
  return revoked;
}

/** Revokes one of the signed-in trainer's own sessions (the account page); 404 for anyone else's. */
export async function revokeOwnSession(db: Tx, principal: ConsolePrincipal, sessionId: string): Promise<void> {
  if (!(await revokeSession(db, sessionId, principal.trainerId))) throw notFound("No live session with this id.");
}

/** Signs a trainer out everywhere but `keep` (after a password change, or on suspension). */
export async function revokeOtherSessions(db: Tx, trainerId: string, keep?: string): Promise<number> {
  const ids = await revokeTrainerSessions(db, trainerId, keep);
  forget(ids);
  return ids.length;
}

/** The signed-in trainer's live sessions, for the account page. */
export async function listSessions(db: Tx, principal: ConsolePrincipal, page: { limit: number; offset: number }) {
  const { rows, total } = await listLiveTrainerSessions(db, principal.trainerId, page.limit, page.offset);
  return {
    items: rows.map((r) => ({
      id: r.id,
      current: r.id === principal.sessionId,
      userAgent: r.userAgent,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
    total,
  };
}
