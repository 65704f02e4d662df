import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type WebhookDeliveryStatus, trainers, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../schema";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** Ids of the organization's enabled endpoints subscribed to `type`. */
export async function findSubscribedEndpointIds(db: Tx, organizationId: string, type: string): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.status, "enabled"), sql`${type} = any(${webhookEndpoints.eventTypes})`),
    );
  return rows.map((r) => r.id);
}

/** Inserts an event and one pending delivery per endpoint; returns the delivery ids. */
export async function insertWebhookEvent(
  db: Tx,
  args: { id: string; organizationId: string; type: string; body: string; endpointIds: string[]; retryHours: number; test?: boolean },
): Promise<string[]> {
  await db.insert(webhookEvents).values({ id: args.id, organizationId: args.organizationId, type: args.type, body: args.body });
  if (args.endpointIds.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      args.endpointIds.map((endpointId) => ({
        organizationId: args.organizationId,
        endpointId,
        eventId: args.id,
        eventType: args.type,
        test: args.test ?? false,
        retryUntil: sql`now() + make_interval(hours => ${args.retryHours})`,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

export async function insertWebhookEndpoint(db: Tx, values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

/** Serializes endpoint creation per workspace until the transaction ends (so a cap holds under concurrency). */
export async function lockWorkspaceWebhookEndpoints(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${organizationId}`}))`);
}

export async function countWebhookEndpoints(db: Tx, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

export async function listWebhookEndpoints(db: Tx, args: { organizationId: string; limit: number; offset: number }) {
  const where = eq(webhookEndpoints.organizationId, args.organizationId);
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookEndpoints).where(where).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)).limit(args.limit).offset(args.offset),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findWebhookEndpoint(db: Tx, organizationId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<WebhookEndpointRow | null> {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

export async function updateWebhookEndpoint(db: Tx, id: string, set: Partial<typeof webhookEndpoints.$inferInsert>): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteWebhookEndpoint(db: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Claims due pending deliveries (optionally only those of one event or with given ids) by moving
 * their next attempt `leaseSeconds` ahead, so no other deliverer takes them meanwhile.
 */
/** A claimed delivery: its id and the claim's token (the row's updated_at as the claim wrote it). */
export type ClaimedDelivery = { id: string; token: string };

export async function claimWebhookDeliveries(
  db: Tx,
  args: { eventId?: string; ids?: string[]; limit: number; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  const filters = [
    sql`${webhookDeliveries.status} = 'pending'`,
    sql`${webhookDeliveries.nextAttemptAt} <= now()`,
    args.eventId ? sql`${webhookDeliveries.eventId} = ${args.eventId}` : undefined,
    args.ids ? inArray(webhookDeliveries.id, args.ids) : undefined,
  ].filter(Boolean);
  const rows = await db.execute<ClaimedDelivery>(sql`
    update ${webhookDeliveries} set next_attempt_at = now() + make_interval(secs => ${args.leaseSeconds}), updated_at = clock_timestamp()
    where id in (
      select id from ${webhookDeliveries} where ${sql.join(filters as ReturnType<typeof sql>[], sql` and `)}
      order by next_attempt_at limit ${args.limit} for update skip locked
    )
    returning id, updated_at::text as token`);
  return rows as unknown as ClaimedDelivery[];
}

/**
 * Takes a claimed delivery for one send: true for exactly one taker of a claim. Another execution
 * of the same claim (a step run twice at once, a retried step) finds the token moved and sends
 * nothing; the delivery is sent again only after the lease, by the sweep.
 */
export async function takeClaimedDelivery(db: Tx, claim: ClaimedDelivery): Promise<boolean> {
  const rows = await db.execute(sql`
    update ${webhookDeliveries} set updated_at = clock_timestamp()
    where id = ${claim.id} and status = 'pending' and updated_at = ${claim.token}::timestamptz
    returning id`);
  return (rows as unknown as unknown[]).length === 1;
}

/** A delivery with its event and endpoint, for sending. */
export async function findDeliveryForSending(db: Tx, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function insertWebhookAttempt(db: Tx, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

export async function updateWebhookDelivery(db: Tx, id: string, set: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(webhookDeliveries.id, id));
}

/** Marks the endpoint failing since now unless it already was; returns since when. */
export async function markEndpointFailing(db: Tx, id: string): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row!.failingSince!;
}

export async function markEndpointHealthy(db: Tx, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
}

/** Gives up every pending delivery of an endpoint (it was disabled). */
export async function failPendingDeliveries(db: Tx, endpointId: string, reason: string): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export async function listWebhookDeliveries(
  db: Tx,
  args: { endpointId: string; status?: WebhookDeliveryStatus; eventType?: string; since?: Date; limit: number; offset: number },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, args.endpointId),
    args.status ? eq(webhookDeliveries.status, args.status) : undefined,
    args.eventType ? eq(webhookDeliveries.eventType, args.eventType) : undefined,
    args.since ? gte(webhookDeliveries.createdAt, args.since) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, body: webhookEvents.body })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findWebhookDelivery(db: Tx, endpointId: string, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export function listWebhookAttempts(db: Tx, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(asc(webhookAttempts.attempt));
}

/**
 * Makes finished (succeeded or failed) deliveries pending again now, with a fresh retry window;
 * returns the ids. Pending ones are left alone: they are being sent or wait for their retry.
 */
export async function resetDeliveries(
  db: Tx,
  args: { endpointId: string; ids?: string[]; failedSince?: Date; limit: number; retryHours: number },
): Promise<string[]> {
  const inner = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, args.endpointId),
        sql`${webhookDeliveries.status} <> 'pending'`,
        args.ids ? inArray(webhookDeliveries.id, args.ids) : undefined,
        args.failedSince ? and(eq(webhookDeliveries.status, "failed"), gte(webhookDeliveries.createdAt, args.failedSince)) : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt))
    .limit(args.limit);
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      nextAttemptAt: sql`now()`,
      retryUntil: sql`now() + make_interval(hours => ${args.retryHours})`,
      succeededAt: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(webhookDeliveries.id, inner))
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

/** Endpoints disabled for failures whose workspace has not been told yet. */
export function findUnannouncedDisabledEndpoints(db: Tx, limit: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.status, "disabled"), eq(webhookEndpoints.disabledReason, "failing"), sql`${webhookEndpoints.disabledNotifiedAt} is null`))
    .limit(limit);
}

/** Retention: deletes events (with their deliveries and attempts) older than `before`. */
export async function deleteWebhookEventsBefore(db: Tx, before: Date, limit = 5000): Promise<number> {
  const old = db.select({ id: webhookEvents.id }).from(webhookEvents).where(lte(webhookEvents.createdAt, before)).limit(limit);
  const rows = await db.delete(webhookEvents).where(inArray(webhookEvents.id, old)).returning({ id: webhookEvents.id });
  return rows.length;
}

/** The workspace's team members with an email address (who hear about disabled endpoints). */
export function findWorkspaceContacts(db: Tx, organizationId: string) {
  return db
    .select({ id: trainers.id, email: trainers.email, name: trainers.name, locale: trainers.preferredLocale })
    .from(trainers)
    .where(and(eq(trainers.organizationId, organizationId), sql`${trainers.email} is not null`));
}
