import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../client";
import {
  type SocialPlatform,
  type SocialSourceMode,
  socialAccounts,
  socialPublications,
  socialPublishAttempts,
  socialPublishAutomations,
  socialPublishDeliveries,
} from "../schema";
import { containsPattern } from "./workouts";

export type AutomationRow = typeof socialPublishAutomations.$inferSelect;
export type DeliveryRow = typeof socialPublishDeliveries.$inferSelect;
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Connected accounts
// ---------------------------------------------------------------------------------------------

export function listSocialAccounts(db: Tx, organizationId: string): Promise<SocialAccountRow[]> {
  return db.select().from(socialAccounts).where(eq(socialAccounts.organizationId, organizationId));
}

export async function findSocialAccount(db: Tx, organizationId: string, platform: SocialPlatform): Promise<SocialAccountRow | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, organizationId), eq(socialAccounts.platform, platform)))
    .limit(1);
  return row ?? null;
}

/** One account per platform: connecting again replaces the stored one. */
export async function upsertSocialAccount(db: Tx, values: typeof socialAccounts.$inferInsert): Promise<SocialAccountRow> {
  const [row] = await db
    .insert(socialAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [socialAccounts.organizationId, socialAccounts.platform],
      set: {
        accountId: values.accountId,
        accountName: values.accountName ?? null,
        adapter: values.adapter ?? "sandbox",
        credentialsRef: values.credentialsRef ?? null,
        tokens: values.tokens ?? null,
        tokenExpiresAt: values.tokenExpiresAt ?? null,
        scopes: values.scopes ?? [],
        grantStatus: "active",
        grantProblem: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** Stores a refreshed grant, or marks it as needing a reconnect. Returns false when the account is gone. */
export async function updateSocialAccountGrant(
  db: Tx,
  id: string,
  set: Partial<Pick<typeof socialAccounts.$inferInsert, "tokens" | "tokenExpiresAt" | "scopes" | "grantStatus" | "grantProblem">>,
): Promise<SocialAccountRow | null> {
  const [row] = await db
    .update(socialAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(socialAccounts.id, id))
    .returning();
  return row ?? null;
}

/**
 * Marks an account's grant for reconnecting; true only for the call that moved it from active
 * (so the webhook announcing it goes out once however many posts hit the refusal).
 */
export async function markGrantReconnect(db: Tx, id: string, problem: string): Promise<boolean> {
  const rows = await db
    .update(socialAccounts)
    .set({ grantStatus: "reconnect", grantProblem: problem, updatedAt: new Date() })
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.grantStatus, "active")))
    .returning({ id: socialAccounts.id });
  return rows.length > 0;
}

/** OAuth-connected accounts whose access token expires before `before` (the refresh sweep). */
export function listExpiringGrants(db: Tx, before: Date, limit: number): Promise<SocialAccountRow[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.grantStatus, "active"), sql`${socialAccounts.tokens} is not null`, lte(socialAccounts.tokenExpiresAt, before)))
    .orderBy(asc(socialAccounts.tokenExpiresAt))
    .limit(limit);
}

/** A platform adapter's progress on a delivery, merged into what it saved before. */
export async function saveDeliveryPlatformState(db: Tx, id: string, state: Record<string, unknown>): Promise<void> {
  await db
    .update(socialPublishDeliveries)
    .set({ platformState: sql`coalesce(${socialPublishDeliveries.platformState}, '{}'::jsonb) || ${JSON.stringify(state)}::jsonb` })
    .where(eq(socialPublishDeliveries.id, id));
}

export async function deleteSocialAccount(db: Tx, organizationId: string, platform: SocialPlatform): Promise<boolean> {
  const rows = await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, organizationId), eq(socialAccounts.platform, platform)))
    .returning({ id: socialAccounts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Automations
// ---------------------------------------------------------------------------------------------

export async function insertAutomation(db: Tx, values: typeof socialPublishAutomations.$inferInsert): Promise<AutomationRow> {
  const [row] = await db.insert(socialPublishAutomations).values(values).returning();
  return row!;
}

/** A live automation of the organization; `lock` takes a row lock for a read-modify-write. */
export async function findOrgAutomation(db: Tx, organizationId: string, id: string, opts: { lock?: boolean } = {}): Promise<AutomationRow | null> {
  const q = db
    .select()
    .from(socialPublishAutomations)
    .where(and(eq(socialPublishAutomations.id, id), eq(socialPublishAutomations.organizationId, organizationId), isNull(socialPublishAutomations.deletedAt)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function findAutomationById(db: Tx, id: string): Promise<AutomationRow | null> {
  const [row] = await db.select().from(socialPublishAutomations).where(eq(socialPublishAutomations.id, id)).limit(1);
  return row ?? null;
}

export async function updateAutomation(db: Tx, id: string, set: Partial<typeof socialPublishAutomations.$inferInsert>): Promise<AutomationRow> {
  const [row] = await db.update(socialPublishAutomations).set(set).where(eq(socialPublishAutomations.id, id)).returning();
  return row!;
}

export async function softDeleteAutomation(db: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(socialPublishAutomations)
    .set({ deletedAt: new Date(), status: "draft", nextRunAt: null })
    .where(and(eq(socialPublishAutomations.id, id), eq(socialPublishAutomations.organizationId, organizationId), isNull(socialPublishAutomations.deletedAt)))
    .returning({ id: socialPublishAutomations.id });
  return rows.length > 0;
}

export interface ListAutomationsArgs {
  organizationId: string;
  limit: number;
  offset: number;
  status?: "draft" | "active";
  sourceMode?: SocialSourceMode;
  search?: string;
  sortBy: "updatedAt" | "createdAt";
  sortOrder: "ascend" | "descend";
}

export async function listAutomations(db: Tx, args: ListAutomationsArgs) {
  const conds: SQL[] = [eq(socialPublishAutomations.organizationId, args.organizationId), isNull(socialPublishAutomations.deletedAt)];
  if (args.status) conds.push(eq(socialPublishAutomations.status, args.status));
  if (args.sourceMode) conds.push(eq(socialPublishAutomations.sourceMode, args.sourceMode));
  if (args.search) conds.push(sql`lower(${socialPublishAutomations.name}) like ${containsPattern(args.search.toLowerCase())}`);
  const where = and(...conds);
  const column = args.sortBy === "createdAt" ? socialPublishAutomations.createdAt : socialPublishAutomations.updatedAt;
  const order = args.sortOrder === "ascend" ? [asc(column), asc(socialPublishAutomations.id)] : [desc(column), desc(socialPublishAutomations.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(socialPublishAutomations)
      .where(where)
      .orderBy(...order)
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(socialPublishAutomations).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Active automations whose next run is due, locked for planning (other workers skip them). */
export function lockDueAutomations(db: Tx, now: Date, limit: number): Promise<AutomationRow[]> {
  return db
    .select()
    .from(socialPublishAutomations)
    .where(and(eq(socialPublishAutomations.status, "active"), isNull(socialPublishAutomations.deletedAt), lte(socialPublishAutomations.nextRunAt, now)))
    .orderBy(asc(socialPublishAutomations.nextRunAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

// ---------------------------------------------------------------------------------------------
// Deliveries, attempts and sandbox publications
// ---------------------------------------------------------------------------------------------

/** Inserts the deliveries of one due time; rows whose (automation, platform, due time) exists are left alone. */
export function insertDeliveries(db: Tx, rows: (typeof socialPublishDeliveries.$inferInsert)[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(socialPublishDeliveries).values(rows).onConflictDoNothing().returning();
}

/**
 * Claims due deliveries: pending ones whose attempt time has come, and publishing ones whose
 * worker's lease ran out. Each claim counts an attempt and takes a lease; SKIP LOCKED keeps two
 * workers from claiming the same row.
 */
export async function claimDeliveries(db: Tx, args: { now: Date; limit: number; leaseSeconds: number; ids?: string[] }): Promise<DeliveryRow[]> {
  const d = socialPublishDeliveries;
  const now = sql`${args.now.toISOString()}::timestamptz`;
  const due = sql`(${d.status} = 'pending' and ${d.nextAttemptAt} <= ${now}) or (${d.status} = 'publishing' and ${d.leaseExpiresAt} < ${now})`;
  const scope = args.ids ? sql`and ${inArray(d.id, args.ids)}` : sql``;
  const candidates = sql`select ${d.id} from ${d} where (${due}) ${scope} order by ${d.nextAttemptAt} limit ${args.limit} for update skip locked`;
  return db
    .update(d)
    .set({
      status: "publishing",
      attempts: sql`${d.attempts} + 1`,
      leaseExpiresAt: new Date(args.now.getTime() + args.leaseSeconds * 1000),
      updatedAt: args.now,
    })
    .where(sql`${d.id} in (${candidates})`)
    .returning();
}

export async function findDelivery(db: Tx, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(socialPublishDeliveries).where(eq(socialPublishDeliveries.id, id)).limit(1);
  return row ?? null;
}

/** Records the end of a claimed attempt, only while this attempt still holds the row. */
export async function finishDeliveryAttempt(
  db: Tx,
  args: { id: string; attempt: number; set: Partial<typeof socialPublishDeliveries.$inferInsert> },
): Promise<boolean> {
  const rows = await db
    .update(socialPublishDeliveries)
    .set({ ...args.set, leaseExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(socialPublishDeliveries.id, args.id), eq(socialPublishDeliveries.status, "publishing"), eq(socialPublishDeliveries.attempts, args.attempt)))
    .returning({ id: socialPublishDeliveries.id });
  return rows.length > 0;
}

export async function insertAttempt(db: Tx, values: typeof socialPublishAttempts.$inferInsert): Promise<void> {
  await db.insert(socialPublishAttempts).values(values);
}

export function listAttempts(db: Tx, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db.select().from(socialPublishAttempts).where(inArray(socialPublishAttempts.deliveryId, deliveryIds)).orderBy(asc(socialPublishAttempts.createdAt));
}

/** Records a sandbox post once per delivery; a replay returns the first record. */
export async function recordPublication(db: Tx, values: typeof socialPublications.$inferInsert) {
  const [inserted] = await db.insert(socialPublications).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(socialPublications).where(eq(socialPublications.deliveryId, values.deliveryId)).limit(1);
  return existing!;
}

export async function listPublications(db: Tx, args: { organizationId: string; automationId?: string; limit: number; offset: number }) {
  const where = and(
    eq(socialPublications.organizationId, args.organizationId),
    args.automationId ? eq(socialPublications.automationId, args.automationId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(socialPublications)
      .where(where)
      .orderBy(desc(socialPublications.createdAt), desc(socialPublications.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(socialPublications).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export function listDeliveries(db: Tx, args: { organizationId: string; automationId?: string; limit: number }) {
  return db
    .select()
    .from(socialPublishDeliveries)
    .where(
      and(
        eq(socialPublishDeliveries.organizationId, args.organizationId),
        args.automationId ? eq(socialPublishDeliveries.automationId, args.automationId) : undefined,
      ),
    )
    .orderBy(desc(socialPublishDeliveries.dueAt), asc(socialPublishDeliveries.platform))
    .limit(args.limit);
}

/** Drops an automation posted (or is posting) since `since`, newest first: the ranker's repetition signal. */
export function listRecentDeliveryDrops(db: Tx, automationId: string, since: Date, limit = 500) {
  return db
    .select({ dropId: socialPublishDeliveries.dropId, dueAt: socialPublishDeliveries.dueAt })
    .from(socialPublishDeliveries)
    .where(
      and(
        eq(socialPublishDeliveries.automationId, automationId),
        gte(socialPublishDeliveries.dueAt, since),
        sql`${socialPublishDeliveries.dropId} is not null`,
      ),
    )
    .orderBy(desc(socialPublishDeliveries.dueAt))
    .limit(limit);
}
