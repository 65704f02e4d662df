import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { endUsers, notificationsOutbox } from "../schema";

export type OutboxInsert = typeof notificationsOutbox.$inferInsert;
export type OutboxRow = typeof notificationsOutbox.$inferSelect;

/** Writes outbox rows (in the caller's transaction, beside the change they announce). */
export async function insertOutboxNotifications(db: Tx, rows: OutboxInsert[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notificationsOutbox).values(rows).returning({ id: notificationsOutbox.id });
  return inserted.map((r) => r.id);
}

/**
 * Claims due pending rows for delivery: bumps `attempts` and moves `available_at` forward by the
 * lease, so no other worker picks them up while they are being sent (SKIP LOCKED keeps
 * concurrent claimers apart). A row whose sender died becomes due again when the lease ends.
 */
export async function claimOutboxNotifications(db: Tx, args: { ids?: string[]; limit: number; leaseSeconds: number }): Promise<OutboxRow[]> {
  if (args.ids && args.ids.length === 0) return [];
  const byId = args.ids ? sql`and ${inArray(notificationsOutbox.id, args.ids)}` : sql``;
  const rows = await db.execute<{ id: string }>(sql`
    update ${notificationsOutbox} set attempts = attempts + 1, available_at = now() + make_interval(secs => ${args.leaseSeconds})
    where id in (
      select id from ${notificationsOutbox}
      where status = 'pending' and available_at <= now() ${byId}
      order by available_at, created_at
      limit ${args.limit}
      for update skip locked
    )
    returning id`);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(notificationsOutbox).where(inArray(notificationsOutbox.id, ids)).orderBy(notificationsOutbox.createdAt);
}

/** Contact details of the members the claimed rows are for. */
export async function findNotificationRecipients(db: Tx, endUserIds: string[]) {
  if (endUserIds.length === 0) return [];
  return db
    .select({ id: endUsers.id, email: endUsers.email, name: endUsers.name, preferredLocale: endUsers.preferredLocale, status: endUsers.status })
    .from(endUsers)
    .where(inArray(endUsers.id, endUserIds));
}

export async function markOutboxSent(db: Tx, id: string): Promise<void> {
  await db
    .update(notificationsOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lastError: null })
    .where(and(eq(notificationsOutbox.id, id), eq(notificationsOutbox.status, "pending")));
}

/** Records a failed attempt: retried after `retryAfterSeconds`, or given up when `final`. */
export async function markOutboxFailed(db: Tx, id: string, args: { error: string; final: boolean; retryAfterSeconds: number }): Promise<void> {
  await db
    .update(notificationsOutbox)
    .set({
      status: args.final ? "failed" : "pending",
      lastError: args.error.slice(0, 1000),
      availableAt: sql`now() + make_interval(secs => ${args.retryAfterSeconds})`,
    })
    .where(and(eq(notificationsOutbox.id, id), eq(notificationsOutbox.status, "pending")));
}

/** One outbox row while it is still pending (null once sent, failed or gone). */
export async function findPendingOutboxNotification(db: Tx, id: string): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(notificationsOutbox)
    .where(and(eq(notificationsOutbox.id, id), eq(notificationsOutbox.status, "pending")))
    .limit(1);
  return row ?? null;
}
