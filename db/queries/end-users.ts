import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { freshReader } from "../fresh-batch";
import { type EndUserStatus, endUsers } from "../schema";
import { queryPrepared, textArray } from "./workouts";

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

/** An active member by internal id or email (the `endUserId` attribution field). */
export async function findActiveEndUserByIdOrEmail(db: Tx, organizationId: string, identifier: string) {
  const ident = identifier.trim();
  if (!ident || ident.length > 320) return null;
  const match = HEX24.test(ident) ? sql`${endUsers.id} = ${ident.toLowerCase()}` : ident.includes("@") ? sql`lower(${endUsers.email}) = lower(${ident})` : null;
  if (!match) return null;
  const [row] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.organizationId, organizationId), eq(endUsers.status, "active"), match))
    .limit(1);
  return row ?? null;
}

/** An active member by external id (the `externalUserId` attribution field). */
export async function findActiveEndUserByExternalId(db: Tx, organizationId: string, externalId: string) {
  const ident = externalId.trim();
  if (!ident || ident.length > 320) return null;
  const [row] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.organizationId, organizationId), eq(endUsers.status, "active"), eq(endUsers.externalId, ident)))
    .limit(1);
  return row ?? null;
}

export interface ListEndUsersArgs {
  organizationId: string;
  status?: EndUserStatus;
  limit: number;
  offset: number;
}

/** A page of an organization's members, newest first, and the total that matches. */
export async function listEndUsers(db: Tx, args: ListEndUsersArgs) {
  const where = and(eq(endUsers.organizationId, args.organizationId), args.status ? eq(endUsers.status, args.status) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select().from(endUsers).where(where).orderBy(desc(endUsers.createdAt), desc(endUsers.id)).limit(args.limit).offset(args.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(endUsers).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Serializes writes that must see each other per member (plan starts, session starts) inside a
 * transaction. NO KEY UPDATE does not block foreign-key checks from inserts that reference the member.
 */
export async function lockEndUser(db: Tx, endUserId: string): Promise<void> {
  await db.select({ id: endUsers.id }).from(endUsers).where(eq(endUsers.id, endUserId)).for("no key update");
}

/** What decides whether a cached digest of a member is current: membership, time zone and insights revision. */
export interface MemberInsightsVersion {
  organizationId: string;
  status: EndUserStatus;
  timeZone: string;
  revision: string;
}

async function readMemberInsightsVersions(db: Tx, ids: string[]): Promise<Map<string, MemberInsightsVersion>> {
  const rows = await queryPrepared<MemberInsightsVersion & { id: string }>(
    db,
    sql`select id, organization_id as "organizationId", status, time_zone as "timeZone", insights_revision::text as revision from end_users where id = any(${textArray(ids)})`,
  );
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

const memberInsightsVersion = freshReader(readMemberInsightsVersions);

/**
 * A member's insights version by 24-hex id, read fresh on every call (concurrent calls share one
 * statement without reusing a read that began before they were made, db/fresh-batch.ts).
 */
export async function findMemberInsightsVersion(db: Tx, endUserId: string): Promise<MemberInsightsVersion | null> {
  return (await memberInsightsVersion(db, endUserId)) ?? null;
}

/** A member's id and external id (the reference webhook events carry), whatever its status. */
export async function findEndUserRef(db: Tx, endUserId: string): Promise<{ id: string; externalId: string | null } | null> {
  const [row] = await db.select({ id: endUsers.id, externalId: endUsers.externalId }).from(endUsers).where(eq(endUsers.id, endUserId));
  return row ?? null;
}

/** A member of the organization whatever its status (the console shows suspended members too). */
export async function findOrganizationEndUser(db: Tx, args: { organizationId: string; endUserId: string }) {
  const [row] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.id, args.endUserId), eq(endUsers.organizationId, args.organizationId)));
  return row ?? null;
}

/** Sets a member's status; null when the organization has no such member. */
export async function updateEndUserStatus(db: Tx, args: { organizationId: string; endUserId: string; status: EndUserStatus }) {
  const [row] = await db
    .update(endUsers)
    .set({ status: args.status, updatedAt: new Date() })
    .where(and(eq(endUsers.id, args.endUserId), eq(endUsers.organizationId, args.organizationId)))
    .returning();
  return row ?? null;
}

/** Adds a member (unique email and external id per organization: violations are the caller's to word). */
export async function insertEndUser(
  db: Tx,
  row: { organizationId: string; email: string; name: string | null; externalId: string | null; preferredLocale: string; timeZone: string },
) {
  const [inserted] = await db.insert(endUsers).values(row).returning();
  return inserted!;
}
