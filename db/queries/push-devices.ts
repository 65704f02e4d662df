import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type PushPlatform, notificationsOutbox, pushDevices } from "../schema";

export type PushDeviceRow = typeof pushDevices.$inferSelect;

/**
 * Registers a push address for a member. The address is unique per platform: registering it again
 * (same member: a refreshed subscription's keys; another member: the browser or phone signed in
 * as someone else) updates the one row, so a device never receives another member's notifications.
 */
export async function upsertPushDevice(
  db: Tx,
  args: { organizationId: string; endUserId: string; platform: PushPlatform; address: string; p256dh: string | null; auth: string | null },
): Promise<PushDeviceRow> {
  const [row] = await db
    .insert(pushDevices)
    .values(args)
    .onConflictDoUpdate({
      target: [pushDevices.platform, pushDevices.address],
      set: { organizationId: args.organizationId, endUserId: args.endUserId, p256dh: args.p256dh, auth: args.auth, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** A member's push devices, oldest first. */
export async function listPushDevices(db: Tx, endUserId: string): Promise<PushDeviceRow[]> {
  return db.select().from(pushDevices).where(eq(pushDevices.endUserId, endUserId)).orderBy(asc(pushDevices.createdAt), asc(pushDevices.id));
}

/** Removes one of a member's devices by id; false when the member has no such device. */
export async function deletePushDevice(db: Tx, endUserId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.id, id), eq(pushDevices.endUserId, endUserId)))
    .returning({ id: pushDevices.id });
  return rows.length > 0;
}

/** Removes a member's device by its address (the hosted pages unsubscribe by endpoint); false when none matched. */
export async function deletePushDeviceByAddress(db: Tx, endUserId: string, platform: PushPlatform, address: string): Promise<boolean> {
  const rows = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.endUserId, endUserId), eq(pushDevices.platform, platform), eq(pushDevices.address, address)))
    .returning({ id: pushDevices.id });
  return rows.length > 0;
}

/** Prunes a device the push service reported gone (expired subscription, unregistered token). */
export async function prunePushDevice(db: Tx, id: string): Promise<void> {
  await db.delete(pushDevices).where(eq(pushDevices.id, id));
}

/** Records that one device received one outbox notification (a retry skips it). */
export async function markPushDelivered(db: Tx, args: { outboxId: string; deviceId: string }): Promise<void> {
  await db
    .update(notificationsOutbox)
    .set({ deliveredTo: sql`array_append(${notificationsOutbox.deliveredTo}, ${args.deviceId}::text)` })
    .where(eq(notificationsOutbox.id, args.outboxId));
  await db.update(pushDevices).set({ lastDeliveredAt: sql`now()` }).where(eq(pushDevices.id, args.deviceId));
}

/** The devices that already received an outbox notification. */
export async function findDeliveredTo(db: Tx, outboxId: string): Promise<string[]> {
  const [row] = await db.select({ deliveredTo: notificationsOutbox.deliveredTo }).from(notificationsOutbox).where(eq(notificationsOutbox.id, outboxId));
  return row?.deliveredTo ?? [];
}
