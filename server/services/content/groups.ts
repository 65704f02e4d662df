import type { Db } from "@/db/client";
import { type GroupItemRow, type GroupRow, type GroupType, findOrgGroup, listGroupItems, listOrgGroups } from "@/db/queries/groups";
import { listAssetRelations, listVideoAssetsByIds } from "@/db/queries/video-assets";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { imageUrl } from "./media";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { videoAssetRow } from "./serialize";

/**
 * Exercise groups (micro workouts, collections): circuits, sets and supersets of workspace
 * clips. `estimatedDuration` is the planned seconds of all rounds: per round the items' work
 * (time, or reps times the clip's estimated rep duration) and rests, plus the rests between rounds.
 */
export function groupSummary(row: GroupRow, locale: Locale) {
  const rounds = Math.max(1, row.rounds);
  return {
    id: row.id,
    _id: row.id,
    organizationId: row.organizationId,
    _teamId: row.organizationId,
    name: pickText(row.name, locale),
    type: row.type,
    rounds: row.rounds,
    restBetweenRoundsSeconds: row.restBetweenRoundsSeconds,
    exerciseCount: Number(row.exerciseCount),
    estimatedDuration: Math.round(Number(row.roundSeconds) * rounds + row.restBetweenRoundsSeconds * (rounds - 1)),
    thumbnail: imageUrl(row.thumbnailKey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function itemSeconds(item: GroupItemRow): number {
  if (item.workSeconds !== null && item.workSeconds > 0) return item.workSeconds;
  return Math.round((item.reps ?? 0) * item.assetEstimatedRepDuration);
}

/** How one item is performed inside the group. */
function itemPrescription(item: GroupItemRow) {
  return {
    id: item.id,
    position: item.position,
    exerciseId: item.videoAssetId,
    workSeconds: item.workSeconds,
    reps: item.reps,
    restSeconds: item.restSeconds,
    duration: itemSeconds(item),
  };
}

export async function listGroups(db: Db, organizationId: string, input: { limit: number; offset: number; locale: Locale; types?: GroupType[] }) {
  const page = await listOrgGroups(db, { organizationId, limit: input.limit, offset: input.offset, types: input.types });
  return { data: page.rows.map((r) => groupSummary(r, input.locale)), total: page.total };
}

async function findGroup(db: Db, organizationId: string, groupId: string) {
  const group = await findOrgGroup(db, organizationId, groupId);
  if (!group) throw notFound("Exercise group not found.");
  return group;
}

/** The group with its items in order (name and thumbnail of each clip, no media URLs). */
export async function getGroup(db: Db, organizationId: string, groupId: string, locale: Locale) {
  const group = await findGroup(db, organizationId, groupId);
  const items = await listGroupItems(db, group.id);
  return {
    ...groupSummary(group, locale),
    items: items.map((i) => ({ ...itemPrescription(i), name: pickText(i.assetName, locale), thumbnail: imageUrl(i.assetThumbnailKey) })),
  };
}

/** The group's exercises in order, each with the full clip (media, instruction audio) and its prescription. */
export async function listGroupExercises(
  db: Db,
  organizationId: string,
  groupId: string,
  input: { limit: number; offset: number; locale?: Locale },
) {
  const group = await findGroup(db, organizationId, groupId);
  const items = await listGroupItems(db, group.id, { limit: input.limit, offset: input.offset });
  const ids = [...new Set(items.map((i) => i.videoAssetId))];
  const [assets, relations, ref] = await Promise.all([listVideoAssetsByIds(db, ids), listAssetRelations(db, ids), getReferenceIndex(db)]);
  const byId = new Map(assets.map((a) => [a.id, a]));
  const data = items.flatMap((i) => {
    const asset = byId.get(i.videoAssetId);
    return asset ? [{ ...itemPrescription(i), exercise: videoAssetRow(asset, relations.get(asset.id), ref, input.locale) }] : [];
  });
  return { data, total: Number(group.exerciseCount) };
}
