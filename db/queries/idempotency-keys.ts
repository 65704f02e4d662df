import { and, eq, lte, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { idempotencyKeys } from "../schema";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Inserts a running record for (scope, key), or takes over one that expired or whose running
 * attempt was abandoned (same fingerprint, lease passed). Returns true when this attempt now holds
 * the record; false when a live record exists (read it with findIdempotencyKey).
 */
export async function claimIdempotencyKey(
  db: Tx,
  args: { scope: string; key: string; fingerprint: string; lockToken: string; leaseSeconds: number; ttlSeconds: number },
): Promise<boolean> {
  const lockedUntil = sql`now() + make_interval(secs => ${args.leaseSeconds})`;
  const expiresAt = sql`now() + make_interval(secs => ${args.ttlSeconds})`;
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      scope: args.scope,
      key: args.key,
      fingerprint: args.fingerprint,
      status: "running",
      lockToken: args.lockToken,
      lockedUntil,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        fingerprint: args.fingerprint,
        status: "running",
        lockToken: args.lockToken,
        lockedUntil,
        expiresAt,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.status} = 'running' and ${idempotencyKeys.lockedUntil} <= now() and ${idempotencyKeys.fingerprint} = ${args.fingerprint})`,
    })
    .returning({ lockToken: idempotencyKeys.lockToken });
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Tx, scope: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Stores the final response of the attempt that holds the record; its expiry, null when the attempt no longer held it. */
export async function completeIdempotencyKey(
  db: Tx,
  args: { scope: string; key: string; lockToken: string; status: number; headers: Record<string, string>; body: Buffer },
): Promise<Date | null> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({ status: "done", lockedUntil: null, responseStatus: args.status, responseHeaders: args.headers, responseBody: args.body })
    .where(and(eq(idempotencyKeys.scope, args.scope), eq(idempotencyKeys.key, args.key), eq(idempotencyKeys.lockToken, args.lockToken)))
    .returning({ expiresAt: idempotencyKeys.expiresAt });
  return row?.expiresAt ?? null;
}

/**
 * Takes the transaction-scoped advisory lock of (scope, key) without waiting: true when this
 * transaction now holds it (until it ends), false when another one does. A 64-bit hash: two keys
 * sharing one merely wait for each other (the second is told to retry).
 */
export async function tryLockIdempotencyKey(tx: Tx, scope: string, key: string): Promise<boolean> {
  const rows = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`${scope}\n${key}`}, 0)) as locked`);
  return Boolean((rows as unknown as { locked: boolean }[])[0]?.locked);
}

/** Forgets the record of an attempt that must not be final (5xx, 429, streamed): a repeat runs again. */
export async function releaseIdempotencyKey(db: Tx, args: { scope: string; key: string; lockToken: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, args.scope), eq(idempotencyKeys.key, args.key), eq(idempotencyKeys.lockToken, args.lockToken)));
}

/** Deletes expired records (the sweep job); returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Tx, limit = 10_000): Promise<number> {
  const rows = await db.execute(
    sql`delete from ${idempotencyKeys} where ctid in (select ctid from ${idempotencyKeys} where ${lte(idempotencyKeys.expiresAt, sql`now()`)} limit ${limit})`,
  );
  return Number((rows as unknown as { count?: number }).count ?? 0);
}
