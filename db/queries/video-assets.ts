import { type SQL, and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type AudioType, type VideoAssetKind, instructionAudio, videoAssets } from "../schema";
import { assetRelationColumns, containsPattern, queryPrepared, textArray } from "./workouts";

/** Columns of a clip that the public shapes use (never search text or AI-only fields). */
const assetColumns = {
  id: videoAssets.id,
  organizationId: videoAssets.organizationId,
  kind: videoAssets.kind,
  stockTier: videoAssets.stockTier,
  name: videoAssets.name,
  description: videoAssets.description,
  skillLevel: videoAssets.skillLevel,
  executionSide: videoAssets.executionSide,
  coach: videoAssets.coach,
  collectionName: videoAssets.collectionName,
  estimatedRepDuration: videoAssets.estimatedRepDuration,
  videoKey: videoAssets.videoKey,
  posterKey: videoAssets.posterKey,
  thumbnailKey: videoAssets.thumbnailKey,
  durationSeconds: videoAssets.durationSeconds,
  chapters: videoAssets.chapters,
  createdAt: videoAssets.createdAt,
  updatedAt: videoAssets.updatedAt,
};

/** A live clip by id (workspace or stock); soft-deleted clips are not found. */
export async function findVideoAssetById(db: Tx, id: string) {
  const [row] = await db
    .select(assetColumns)
    .from(videoAssets)
    .where(and(eq(videoAssets.id, id), sql`${videoAssets.deletedAt} is null`))
    .limit(1);
  return row ?? null;
}

export type VideoAssetRow = NonNullable<Awaited<ReturnType<typeof findVideoAssetById>>>;

/** Clips of exercise groups and similar lookups by id, in one statement. */
export function listVideoAssetsByIds(db: Tx, ids: string[]): Promise<VideoAssetRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(assetColumns)
    .from(videoAssets)
    .where(and(inArray(videoAssets.id, ids), sql`${videoAssets.deletedAt} is null`));
}

export interface AssetAudioRow {
  id: string;
  locale: string;
  type: AudioType;
  assetKey: string;
  scriptText: string | null;
  createdAt: string;
}

export interface AssetRelations {
  id: string;
  equipmentIds: string[];
  muscles: { id: string; share: number }[];
  audio: AssetAudioRow[];
}

/**
 * Equipment, weighted muscle groups and spoken tracks (all locales and types) of many clips in
 * one statement: one row per clip, relations aggregated as arrays. Names come from the cached
 * reference data, so no join to the reference tables is needed.
 */
export async function listAssetRelations(db: Tx, assetIds: string[]): Promise<Map<string, AssetRelations>> {
  const out = new Map<string, AssetRelations>();
  const ids = [...new Set(assetIds)];
  if (ids.length === 0) return out;
  const rows = await queryPrepared<{ id: string; equipment_ids: string[]; muscles: { id: string; share: number }[]; audio: AssetAudioRow[] }>(
    db,
    sql`select a.id, ${assetRelationColumns("a.id")} from unnest(${textArray(ids)}) as a(id)`,
  );
  for (const r of rows) out.set(r.id, { id: r.id, equipmentIds: r.equipment_ids ?? [], muscles: r.muscles ?? [], audio: r.audio ?? [] });
  return out;
}

export const VIDEO_ASSET_SORT_FIELDS = ["date", "name", "kind"] as const;
export type VideoAssetSortField = (typeof VIDEO_ASSET_SORT_FIELDS)[number];

export interface ListVideoAssetsArgs {
  /** Workspace clips of one organization, or the platform stock catalog. */
  scope: { kind: "workspace"; organizationId: string } | { kind: "stock"; organizationId: string };
  limit: number;
  offset: number;
  locale: string;
  words?: string[];
  equipmentIds?: string[];
  muscleGroupIds?: string[];
  kinds?: VideoAssetKind[];
  skillLevels?: string[];
  executionSides?: string[];
  coach?: string;
  collectionNames?: string[];
  tiers?: ("free" | "premium")[];
  sort: { field: VideoAssetSortField; direction: "asc" | "desc" }[];
}

function assetConditions(args: ListVideoAssetsArgs): SQL {
  const conds: SQL[] = [eq(videoAssets.organizationId, args.scope.organizationId), sql`${videoAssets.deletedAt} is null`];
  conds.push(args.scope.kind === "stock" ? sql`${videoAssets.stockTier} is not null` : sql`${videoAssets.stockTier} is null`);
  for (const w of args.words ?? []) conds.push(sql`${videoAssets.searchText} like ${containsPattern(w)}`);
  if (args.kinds?.length) conds.push(inArray(videoAssets.kind, args.kinds));
  if (args.skillLevels?.length) conds.push(inArray(videoAssets.skillLevel, args.skillLevels as never[]));
  if (args.executionSides?.length) conds.push(inArray(videoAssets.executionSide, args.executionSides as never[]));
  if (args.coach !== undefined) conds.push(eq(videoAssets.coach, args.coach));
  if (args.collectionNames?.length) conds.push(inArray(videoAssets.collectionName, args.collectionNames));
  if (args.tiers?.length) conds.push(inArray(videoAssets.stockTier, args.tiers));
  if (args.equipmentIds?.length) {
    conds.push(sql`exists (select 1 from video_asset_equipment e where e.video_asset_id = ${videoAssets.id} and e.equipment_id in ${args.equipmentIds})`);
  }
  if (args.muscleGroupIds?.length) {
    conds.push(
      sql`exists (select 1 from video_asset_muscle_groups m where m.video_asset_id = ${videoAssets.id} and m.muscle_group_id in ${args.muscleGroupIds})`,
    );
  }
  return and(...conds)!;
}

function assetOrder(args: ListVideoAssetsArgs): SQL[] {
  const out: SQL[] = [];
  for (const key of args.sort) {
    const dir = key.direction === "desc" ? sql`desc` : sql`asc`;
    const expr =
      key.field === "date"
        ? sql`${videoAssets.createdAt}`
        : key.field === "kind"
          ? sql`${videoAssets.kind}`
          : args.locale === "en-US"
            ? sql`(${videoAssets.name}->>'en-US')`
            : sql`coalesce(${videoAssets.name}->>${args.locale}, ${videoAssets.name}->>'en-US')`;
    out.push(sql`${expr} ${dir}`);
  }
  const first = args.sort[0]?.direction ?? "desc";
  if (!args.sort.some((k) => k.field === "date")) out.push(first === "desc" ? desc(videoAssets.createdAt) : asc(videoAssets.createdAt));
  out.push(first === "desc" ? desc(videoAssets.id) : asc(videoAssets.id));
  return out;
}

/** One page of clips with every filter applied in SQL before pagination, plus the exact total. */
export async function listVideoAssetsPage(db: Tx, args: ListVideoAssetsArgs) {
  const where = assetConditions(args);
  const [rows, [countRow]] = await Promise.all([
    db
      .select(assetColumns)
      .from(videoAssets)
      .where(where)
      .orderBy(...assetOrder(args))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videoAssets).where(where),
  ]);
  return { rows, total: countRow?.n ?? 0 };
}

/** The kind of a live clip of the workspace itself (not stock), or null. */
export async function findWorkspaceClipKind(db: Tx, organizationId: string, videoAssetId: string): Promise<VideoAssetKind | null> {
  const [row] = await db
    .select({ kind: videoAssets.kind })
    .from(videoAssets)
    .where(and(eq(videoAssets.id, videoAssetId), eq(videoAssets.organizationId, organizationId), isNull(videoAssets.deletedAt), isNull(videoAssets.stockTier)));
  return row?.kind ?? null;
}

export async function insertVideoAsset(db: Tx, row: typeof videoAssets.$inferInsert): Promise<void> {
  await db.insert(videoAssets).values(row);
}

/** Sets a clip's voice track of one locale and type, replacing the previous file (its script text goes with it). */
export async function upsertInstructionAudio(db: Tx, row: { videoAssetId: string; locale: string; type: AudioType; assetKey: string; durationSeconds: number }): Promise<void> {
  await db
    .insert(instructionAudio)
    .values(row)
    .onConflictDoUpdate({
      target: [instructionAudio.videoAssetId, instructionAudio.locale, instructionAudio.type],
      set: { assetKey: row.assetKey, durationSeconds: row.durationSeconds, scriptText: null, createdAt: new Date() },
    });
}
