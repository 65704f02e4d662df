import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type TrainerRole, consoleSessions, organizations, trainers } from "../schema";

/** The console account with this sign-in email (case-insensitive), with its password hash. */
export async function findConsoleAccountByEmail(db: Tx, email: string) {
  const [row] = await db
    .select({ id: trainers.id, organizationId: trainers.organizationId, passwordHash: trainers.passwordHash, status: trainers.status })
    .from(trainers)
    .where(and(sql`lower(${trainers.email}) = ${email.trim().toLowerCase()}`, sql`${trainers.passwordHash} is not null`))
    .limit(1);
  return row ?? null;
}

/** The trainer's email, the console sign-in the seed grants (null for an unknown trainer). */
export async function findTrainerEmail(db: Tx, trainerId: string): Promise<string | null> {
  const [row] = await db.select({ email: trainers.email }).from(trainers).where(eq(trainers.id, trainerId));
  return row?.email ?? null;
}

export async function findTrainerPasswordHash(db: Tx, trainerId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: trainers.passwordHash }).from(trainers).where(eq(trainers.id, trainerId));
  return row?.passwordHash ?? null;
}

export async function setTrainerPasswordHash(db: Tx, trainerId: string, passwordHash: string): Promise<void> {
  await db.update(trainers).set({ passwordHash }).where(eq(trainers.id, trainerId));
}

export async function markTrainerSignedIn(db: Tx, trainerId: string): Promise<void> {
  await db.update(trainers).set({ lastSignInAt: new Date() }).where(eq(trainers.id, trainerId));
}

export async function insertTrainer(
  db: Tx,
  row: { organizationId: string; name: string; email: string; passwordHash: string | null; role: TrainerRole; preferredLocale?: string },
): Promise<string> {
  const [inserted] = await db.insert(trainers).values(row).returning({ id: trainers.id });
  return inserted!.id;
}

/** Makes an existing trainer a console account (seed: the workspace's first trainer becomes its owner). */
export async function grantConsoleAccess(db: Tx, trainerId: string, args: { passwordHash: string; role: TrainerRole }): Promise<void> {
  await db.update(trainers).set(args).where(eq(trainers.id, trainerId));
}

export async function insertConsoleSession(
  db: Tx,
  row: { id: string; trainerId: string; organizationId: string; userAgent: string | null; ip: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(consoleSessions).values(row);
}

/** A session with everything a request needs to authorize: its trainer and workspace. */
export async function findSessionPrincipal(db: Tx, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: consoleSessions.id,
      revokedAt: consoleSessions.revokedAt,
      expiresAt: consoleSessions.expiresAt,
      lastSeenAt: consoleSessions.lastSeenAt,
      trainerId: trainers.id,
      organizationId: trainers.organizationId,
      organizationName: organizations.name,
      name: trainers.name,
      email: trainers.email,
      role: trainers.role,
      status: trainers.status,
    })
    .from(consoleSessions)
    .innerJoin(trainers, eq(trainers.id, consoleSessions.trainerId))
    .innerJoin(organizations, eq(organizations.id, trainers.organizationId))
    .where(eq(consoleSessions.id, sessionId));
  return row ?? null;
}

export async function touchConsoleSession(db: Tx, sessionId: string): Promise<void> {
  await db.update(consoleSessions).set({ lastSeenAt: new Date() }).where(eq(consoleSessions.id, sessionId));
}

/** Revokes one session of a trainer; false when it is not theirs or already revoked. */
export async function revokeConsoleSession(db: Tx, args: { sessionId: string; trainerId?: string }): Promise<boolean> {
  const rows = await db
    .update(consoleSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(consoleSessions.id, args.sessionId), isNull(consoleSessions.revokedAt), args.trainerId ? eq(consoleSessions.trainerId, args.trainerId) : undefined))
    .returning({ id: consoleSessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a trainer except `keep`; returns the revoked ids. */
export async function revokeTrainerSessions(db: Tx, trainerId: string, keep?: string): Promise<string[]> {
  const rows = await db
    .update(consoleSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(consoleSessions.trainerId, trainerId), isNull(consoleSessions.revokedAt), keep ? sql`${consoleSessions.id} <> ${keep}` : undefined))
    .returning({ id: consoleSessions.id });
  return rows.map((r) => r.id);
}

/** A trainer's sessions that can still be used, newest first. */
export function listLiveTrainerSessions(db: Tx, trainerId: string, limit: number, offset: number) {
  const where = and(eq(consoleSessions.trainerId, trainerId), isNull(consoleSessions.revokedAt), gt(consoleSessions.expiresAt, new Date()));
  return Promise.all([
    db
      .select({
        id: consoleSessions.id,
        userAgent: consoleSessions.userAgent,
        ip: consoleSessions.ip,
        createdAt: consoleSessions.createdAt,
        lastSeenAt: consoleSessions.lastSeenAt,
        expiresAt: consoleSessions.expiresAt,
      })
      .from(consoleSessions)
      .where(where)
      .orderBy(desc(consoleSessions.lastSeenAt), desc(consoleSessions.id))
      .limit(limit)
      .offset(offset),
    db.$count(consoleSessions, where),
  ]).then(([rows, total]) => ({ rows, total }));
}
