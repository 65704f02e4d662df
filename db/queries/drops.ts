import { type SQL, and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type DropAspectRatio, type DropSourceType, type DropVariantMedia, type StoredCopyPack, dropVariants, drops } from "../schema";
import { containsPattern } from "./workouts";

export type DropRow = typeof drops.$inferSelect;
export type DropVariantRow = typeof dropVariants.$inferSelect;

/** Inserts a drop and its variant rows (processing unless given). */
export async function insertDrop(
  db: Tx,
  drop: typeof drops.$inferInsert,
  variants: {
    aspectRatio: DropAspectRatio;
    durationSeconds: number;
    status?: "processing" | "ready";
    assetKey?: string;
    coverKey?: string;
    media?: DropVariantMedia | null;
  }[],
): Promise<{ drop: DropRow; variants: DropVariantRow[] }> {
  const [row] = await db.insert(drops).values(drop).returning();
  const rows = await db
    .insert(dropVariants)
    .values(variants.map((v) => ({ dropId: row!.id, ...v })))
    .returning();
  return { drop: row!, variants: rows };
}

/** A drop of the organization that is not deleted, whatever its status. */
export async function findOrgDrop(db: Tx, organizationId: string, dropId: string): Promise<DropRow | null> {
  const [row] = await db
    .select()
    .from(drops)
    .where(and(eq(drops.id, dropId), eq(drops.organizationId, organizationId), isNull(drops.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The variant fields an export needs. */
export type ExportVariantRow = Pick<DropVariantRow, "aspectRatio" | "durationSeconds" | "status" | "assetKey" | "coverKey" | "media">;

/**
 * A live drop of the organization with its variants, in one round trip (the export path: the
 * variants come back as one JSON array built by a correlated subquery on drop_variants_uq).
 */
export async function findOrgDropForExport(db: Tx, organizationId: string, dropId: string): Promise<{ drop: DropRow; variants: ExportVariantRow[] } | null> {
  const [row] = await db
    .select({
      drop: drops,
      variants: sql<ExportVariantRow[]>`coalesce((select json_agg(json_build_object('aspectRatio', v.aspect_ratio, 'durationSeconds', v.duration_seconds,
        'status', v.status, 'assetKey', v.asset_key, 'coverKey', v.cover_key, 'media', v.media) order by v.duration_seconds) from drop_variants v where v.drop_id = "drops"."id"), '[]'::json)`,
    })
    .from(drops)
    .where(and(eq(drops.id, dropId), eq(drops.organizationId, organizationId), isNull(drops.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findDropById(db: Tx, dropId: string): Promise<DropRow | null> {
  const [row] = await db.select().from(drops).where(eq(drops.id, dropId)).limit(1);
  return row ?? null;
}

/** Variant rows of several drops, by aspect (9:16, 1:1, 16:9) then duration. */
export async function listDropVariants(db: Tx, dropIds: string[]): Promise<DropVariantRow[]> {
  if (dropIds.length === 0) return [];
  return db
    .select()
    .from(dropVariants)
    .where(inArray(dropVariants.dropId, dropIds))
    .orderBy(asc(dropVariants.dropId), sql`array_position(array['9:16','1:1','16:9'], ${dropVariants.aspectRatio})`, asc(dropVariants.durationSeconds));
}

export async function updateDrop(db: Tx, dropId: string, set: Partial<Pick<DropRow, "status" | "failureReason" | "copyPacks">>): Promise<void> {
  await db.update(drops).set(set).where(eq(drops.id, dropId));
}

/** Marks a drop as worked on now (the sweep leaves drops touched in the last minutes alone). */
export async function touchDrop(db: Tx, dropId: string, now = new Date()): Promise<void> {
  await db.update(drops).set({ updatedAt: now }).where(eq(drops.id, dropId));
}

/** Live drops processing since before `staleBefore`, touched to `now` in the same statement (so one sweep claims each); their ids. */
export async function claimStaleProcessingDrops(db: Tx, args: { staleBefore: Date; now: Date }): Promise<string[]> {
  const rows = await db
    .update(drops)
    .set({ updatedAt: args.now })
    .where(and(eq(drops.status, "processing"), sql`${drops.deletedAt} is null`, lt(drops.updatedAt, args.staleBefore)))
    .returning({ id: drops.id });
  return rows.map((r) => r.id);
}

/**
 * Processing drops created before `createdBefore` (past their deadline) and not touched since
 * `staleBefore` (no render at work on them), locked for the caller's transaction; another sweep
 * running at once skips them.
 */
export async function lockOverdueProcessingDrops(db: Tx, args: { createdBefore: Date; staleBefore: Date }): Promise<DropRow[]> {
  return db
    .select()
    .from(drops)
    .where(and(eq(drops.status, "processing"), sql`${drops.deletedAt} is null`, lt(drops.createdAt, args.createdBefore), lt(drops.updatedAt, args.staleBefore)))
    .for("update", { skipLocked: true });
}

/** Marks a drop's variants still processing failed with `error` (the drop gave up on them). */
export async function failProcessingVariants(db: Tx, dropId: string, error: string): Promise<void> {
  await db
    .update(dropVariants)
    .set({ status: "failed", error, updatedAt: new Date() })
    .where(and(eq(dropVariants.dropId, dropId), eq(dropVariants.status, "processing")));
}

/** Adds copy packs without touching other locales (concurrent writers never erase each other's). */
export async function mergeDropCopyPacks(db: Tx, dropId: string, packs: Record<string, StoredCopyPack>): Promise<void> {
  await db
    .update(drops)
    .set({ copyPacks: sql`${drops.copyPacks} || ${JSON.stringify(packs)}::jsonb` })
    .where(eq(drops.id, dropId));
}

export async function setVariantResult(
  db: Tx,
  args: {
    dropId: string;
    aspectRatio: DropAspectRatio;
    durationSeconds: number;
    status: "ready" | "failed";
    assetKey?: string | null;
    coverKey?: string | null;
    error?: string | null;
    media?: DropVariantMedia | null;
  },
): Promise<void> {
  await db
    .update(dropVariants)
    .set({
      status: args.status,
      assetKey: args.assetKey ?? null,
      coverKey: args.coverKey ?? null,
      error: args.error ?? null,
      media: args.media ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(dropVariants.dropId, args.dropId), eq(dropVariants.aspectRatio, args.aspectRatio), eq(dropVariants.durationSeconds, args.durationSeconds)));
}

/**
 * Records a failed render attempt on a drop's processing variants: the error and one more attempt;
 * those that reached `maxAttempts` become failed, the others stay processing for the next try.
 * Returns how many stay processing.
 */
export async function recordVariantAttempt(
  db: Tx,
  args: { dropId: string; error: string; maxAttempts: number },
): Promise<{ retrying: number; failed: number }> {
  const rows = await db
    .update(dropVariants)
    .set({
      attempts: sql`${dropVariants.attempts} + 1`,
      error: args.error,
      status: sql`case when ${dropVariants.attempts} + 1 >= ${args.maxAttempts} then 'failed' else 'processing' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(dropVariants.dropId, args.dropId), eq(dropVariants.status, "processing")))
    .returning({ status: dropVariants.status });
  return { retrying: rows.filter((r) => r.status === "processing").length, failed: rows.filter((r) => r.status === "failed").length };
}

/** Live drops of the organization that failed, most recent first (the console shows them with their reasons). */
export function listFailedDrops(db: Tx, organizationId: string, limit: number) {
  return db
    .select()
    .from(drops)
    .where(and(eq(drops.organizationId, organizationId), eq(drops.status, "failed"), isNull(drops.deletedAt)))
    .orderBy(desc(drops.updatedAt), desc(drops.id))
    .limit(limit);
}

export const DROP_SORT_FIELDS = ["updatedAt", "createdAt"] as const;
export type DropSortField = (typeof DROP_SORT_FIELDS)[number];

export interface ListDropsArgs {
  organizationId: string;
  limit: number;
  offset: number;
  q?: string;
  sourceType?: DropSourceType;
  sourceId?: string;
  aspectRatio?: DropAspectRatio;
  durationSeconds?: number;
  sort: { field: DropSortField; direction: "asc" | "desc" };
}

/** Names of a drop's ready variants, `<aspect>_<milliseconds>`, aspects in their fixed order. */
export const availableVariantsSql = sql<string[]>`coalesce((select array_agg(v.aspect_ratio || '_' || (v.duration_seconds * 1000)::text
  order by array_position(array['9:16','1:1','16:9'], v.aspect_ratio), v.duration_seconds)
  from drop_variants v where v.drop_id = "drops"."id" and v.status = 'ready'), '{}')`;

function listWhere(args: ListDropsArgs): SQL {
  const conds: SQL[] = [eq(drops.organizationId, args.organizationId), eq(drops.status, "ready"), isNull(drops.deletedAt)];
  if (args.q) conds.push(sql`lower(${drops.title}) like ${containsPattern(args.q.toLowerCase())}`);
  if (args.sourceType) conds.push(eq(drops.sourceType, args.sourceType));
  if (args.sourceId) conds.push(eq(drops.sourceId, args.sourceId));
  if (args.aspectRatio || args.durationSeconds) {
    const variant: SQL[] = [sql`v.drop_id = "drops"."id"`, sql`v.status = 'ready'`];
    if (args.aspectRatio) variant.push(sql`v.aspect_ratio = ${args.aspectRatio}`);
    if (args.durationSeconds) variant.push(sql`v.duration_seconds = ${args.durationSeconds}`);
    conds.push(sql`exists (select 1 from drop_variants v where ${sql.join(variant, sql` and `)})`);
  }
  return and(...conds)!;
}

/** One page of ready drops with their available variant names, and the exact total. */
export async function listReadyDrops(db: Tx, args: ListDropsArgs) {
  const where = listWhere(args);
  const column = args.sort.field === "createdAt" ? drops.createdAt : drops.updatedAt;
  const order = args.sort.direction === "asc" ? [asc(column), asc(drops.id)] : [desc(column), desc(drops.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select({ drop: drops, availableVariants: availableVariantsSql })
      .from(drops)
      .where(where)
      .orderBy(...order)
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(drops).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every ready drop of the organization with its available variants (candidates for publishing). */
export function listAllReadyDrops(db: Tx, organizationId: string) {
  return db
    .select({ drop: drops, availableVariants: availableVariantsSql })
    .from(drops)
    .where(and(eq(drops.organizationId, organizationId), eq(drops.status, "ready"), isNull(drops.deletedAt)))
    .orderBy(desc(drops.createdAt), desc(drops.id))
    .limit(500);
}

/** The organization's live drops among `ids` (any status), for reference checks. */
export function findOrgDropsByIds(db: Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: drops.id, status: drops.status })
    .from(drops)
    .where(and(eq(drops.organizationId, organizationId), inArray(drops.id, ids), isNull(drops.deletedAt)));
}
