import { sql } from "drizzle-orm";
import type { Tx } from "../client";

/**
 * PostgreSQL notifications (LISTEN/NOTIFY). Sent inside a transaction, a notification is
 * delivered when it commits and dropped when it rolls back; payloads are at most 8,000 bytes.
 */
export async function notifyChannel(db: Tx, args: { channel: string; payload: string }): Promise<void> {
  await db.execute(sql`select pg_notify(${args.channel}, ${args.payload})`);
}
