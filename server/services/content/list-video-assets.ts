import type { Db } from "@/db/client";
import { type ListVideoAssetsArgs, type VideoAssetSortField, listAssetRelations, listVideoAssetsPage } from "@/db/queries/video-assets";
import type { VideoAssetKind } from "@/db/schema";
import type { Locale } from "@/server/core/locale";
import { type SortKey, searchWords } from "./list-query";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { videoAssetRow } from "./serialize";

export interface ListVideoAssetsInput {
  limit: number;
  offset: number;
  /** Undefined when the request sent no locale (all instruction locales are returned then). */
  locale?: Locale;
  q?: string;
  equipmentIds?: string[];
  muscleGroupIds?: string[];
  kinds?: VideoAssetKind[];
  skillLevels?: string[];
  executionSides?: string[];
  coach?: string;
  collectionNames?: string[];
  sort?: SortKey<VideoAssetSortField>[];
}

/**
 * Workspace exercise videos (never stock). Every filter is AND-combined in SQL before
 * pagination (values inside one filter are alternatives), so `links.total` is exact.
 */
export async function listVideoAssets(db: Db, organizationId: string, input: ListVideoAssetsInput) {
  const args: ListVideoAssetsArgs = {
    scope: { kind: "workspace", organizationId },
    limit: input.limit,
    offset: input.offset,
    locale: input.locale ?? "en-US",
    words: input.q ? searchWords(input.q) : undefined,
    equipmentIds: input.equipmentIds,
    muscleGroupIds: input.muscleGroupIds,
    kinds: input.kinds,
    skillLevels: input.skillLevels,
    executionSides: input.executionSides,
    coach: input.coach,
    collectionNames: input.collectionNames,
    sort: input.sort ?? [{ field: "date", direction: "desc" }],
  };
  const page = await listVideoAssetsPage(db, args);
  const [relations, ref] = await Promise.all([
    listAssetRelations(
      db,
      page.rows.map((r) => r.id),
    ),
    getReferenceIndex(db),
  ]);
  return { data: page.rows.map((r) => videoAssetRow(r, relations.get(r.id), ref, input.locale)), total: page.total };
}
