import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { endUsers, notificationsOutbox } from "@/db/schema";
import { newId } from "@/db/schema/columns";

/**
 * Test and benchmark support (not used by the service): bulk members and outbox reads.
 */
export async function addMembers(
  db: Tx,
  organizationId: string,
  count: number,
  opts: { status?: "active" | "suspended"; email?: boolean } = {},
): Promise<{ id: string; email: string | null; externalId: string }[]> {
  const rows = Array.from({ length: count }, () => {
    const id = newId();
    return {
      id,
      organizationId,
      email: opts.email === false ? null : `m-${id}@members.example.com`,
      externalId: `ext-${id}`,
      name: `Member ${id.slice(-4)}`,
      status: opts.status ?? "active",
    };
  });
  if (rows.length > 0) await db.insert(endUsers).values(rows);
  return rows.map((r) => ({ id: r.id, email: r.email, externalId: r.externalId }));
}

export function outboxRowsFor(db: Tx, endUserId: string) {
  return db.select().from(notificationsOutbox).where(eq(notificationsOutbox.endUserId, endUserId)).orderBy(asc(notificationsOutbox.createdAt), asc(notificationsOutbox.channel));
}
