import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { endUsers } from "../schema";

const HEX24 = /^[0-9a-f]{24}$/i;

/**
 * Finds an active member of an organization by 24-hex id, external id or email
 * (case-insensitive). Suspended, unknown and other organizations' members are all null.
 */
export async function findActiveEndUser(db: Tx, organizationId: string, identifier: string) {
  const ident = identifier.trim();
  if (!ident || ident.length > 320) return null;
  const byId = HEX24.test(ident) ? sql`${endUsers.id} = ${ident.toLowerCase()}` : sql`false`;
  const byEmail = ident.includes("@") ? sql`lower(${endUsers.email}) = lower(${ident})` : sql`false`;
  const rows = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.organizationId, organizationId), eq(endUsers.status, "active"), sql`(${byId} or ${endUsers.externalId} = ${ident} or ${byEmail})`))
    .limit(2);
  // An id match wins over an external id that happens to look like another member's id.
  return rows.find((r) => r.id === ident.toLowerCase()) ?? rows[0] ?? null;
}
