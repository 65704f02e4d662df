import { type SQL, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { exerciseGroupItems, exerciseGroups, videoAssets } from "../schema";

export const GROUP_TYPES = ["circuit", "set", "superset"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/**
 * Group columns plus the aggregates the list shows, computed in SQL so a page needs no
 * per-group query: item count, the planned seconds of one round, and the first clip's thumbnail.
 */
/** Qualified on purpose: drizzle renders columns unqualified in a single-table select, which is ambiguous inside subqueries. */
const G_ID = sql.raw(`"exercise_groups"."id"`);

const groupColumns = {
  id: exerciseGroups.id,
  organizationId: exerciseGroups.organizationId,
  name: exerciseGroups.name,
  type: exerciseGroups.type,
  rounds: exerciseGroups.rounds,
  restBetweenRoundsSeconds: exerciseGroups.restBetweenRoundsSeconds,
  createdAt: exerciseGroups.createdAt,
  updatedAt: exerciseGroups.updatedAt,
  exerciseCount: sql<number>`(select count(*)::int from exercise_group_items i join video_assets a on a.id = i.video_asset_id
    where i.group_id = ${G_ID} and a.deleted_at is null)`,
  roundSeconds: sql<number>`(select coalesce(sum(coalesce(i.work_seconds, round(coalesce(i.reps, 0) * a.estimated_rep_duration)) + i.rest_seconds), 0)::float8
    from exercise_group_items i join video_assets a on a.id = i.video_asset_id where i.group_id = ${G_ID} and a.deleted_at is null)`,
  thumbnailKey: sql<string | null>`(select a.thumbnail_key from exercise_group_items i join video_assets a on a.id = i.video_asset_id
    where i.group_id = ${G_ID} and a.deleted_at is null order by i.position limit 1)`,
};

export interface ListGroupsArgs {
  organizationId: string;
  limit: number;
  offset: number;
  types?: GroupType[];
}

/** One page of the workspace's exercise groups, newest first, and the exact total. */
export async function listOrgGroups(db: Tx, args: ListGroupsArgs) {
  const conds: SQL[] = [eq(exerciseGroups.organizationId, args.organizationId), sql`${exerciseGroups.deletedAt} is null`];
  if (args.types?.length) conds.push(inArray(exerciseGroups.type, args.types));
  const where = and(...conds);
  const [rows, [countRow]] = await Promise.all([
    db
      .select(groupColumns)
      .from(exerciseGroups)
      .where(where)
      .orderBy(desc(exerciseGroups.createdAt), desc(exerciseGroups.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(exerciseGroups).where(where),
  ]);
  return { rows, total: countRow?.n ?? 0 };
}

export type GroupRow = Awaited<ReturnType<typeof listOrgGroups>>["rows"][number];

/** A live group of the organization (groups of other organizations are not found here). */
export async function findOrgGroup(db: Tx, organizationId: string, groupId: string) {
  const [row] = await db
    .select(groupColumns)
    .from(exerciseGroups)
    .where(and(eq(exerciseGroups.id, groupId), eq(exerciseGroups.organizationId, organizationId), sql`${exerciseGroups.deletedAt} is null`))
    .limit(1);
  return row ?? null;
}

/** The group's items in order (items whose clip was deleted are skipped) with the clip fields the item summary needs. */
export function listGroupItems(db: Tx, groupId: string, page?: { limit: number; offset: number }) {
  const q = db
    .select({
      id: exerciseGroupItems.id,
      position: exerciseGroupItems.position,
      videoAssetId: exerciseGroupItems.videoAssetId,
      workSeconds: exerciseGroupItems.workSeconds,
      reps: exerciseGroupItems.reps,
      restSeconds: exerciseGroupItems.restSeconds,
      assetName: videoAssets.name,
      assetThumbnailKey: videoAssets.thumbnailKey,
      assetEstimatedRepDuration: videoAssets.estimatedRepDuration,
    })
    .from(exerciseGroupItems)
    .innerJoin(videoAssets, and(eq(videoAssets.id, exerciseGroupItems.videoAssetId), sql`${videoAssets.deletedAt} is null`))
    .where(eq(exerciseGroupItems.groupId, groupId))
    .orderBy(asc(exerciseGroupItems.position));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export type GroupItemRow = Awaited<ReturnType<typeof listGroupItems>>[number];
