import type { Db } from "@/db/client";
import { type VideoAssetSortField, listAssetRelations, listVideoAssetsPage } from "@/db/queries/video-assets";
import { STOCK_ORGANIZATION_ID } from "@/db/reference/ids";
import type { Caller } from "@/server/core/caller";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import type { Locale } from "@/server/core/locale";
import { type SortKey, searchWords } from "./list-query";
import { imageUrl, videoObject } from "./media";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { clipCore } from "./serialize";

export interface ListStockInput {
  limit: number;
  offset: number;
  locale: Locale;
  q?: string;
  tiers?: ("free" | "premium")[];
  equipmentIds?: string[];
  muscleGroupIds?: string[];
  skillLevels?: string[];
  sort?: SortKey<Exclude<VideoAssetSortField, "kind">>[];
}

/**
 * The platform stock clip catalog (the plan gate runs in the kernel before this). Every row is
 * listed, free and premium, so a workspace can see what premium adds; premium rows of a
 * workspace without the premiumStock entitlement are `locked`: images only, `video` null.
 */
export async function listStockExercises(db: Db, organizationId: string, caller: Caller, input: ListStockInput) {
  const entitled = await premiumEntitled(caller, organizationId);
  const page = await listVideoAssetsPage(db, {
    scope: { kind: "stock", organizationId: STOCK_ORGANIZATION_ID },
    limit: input.limit,
    offset: input.offset,
    locale: input.locale,
    words: input.q ? searchWords(input.q) : undefined,
    tiers: input.tiers,
    equipmentIds: input.equipmentIds,
    muscleGroupIds: input.muscleGroupIds,
    skillLevels: input.skillLevels,
    sort: input.sort ?? [{ field: "name", direction: "asc" }],
  });
  const [relations, ref] = await Promise.all([
    listAssetRelations(
      db,
      page.rows.map((r) => r.id),
    ),
    getReferenceIndex(db),
  ]);
  return {
    data: page.rows.map((r) => {
      const tier = r.stockTier ?? "free";
      const locked = tier === "premium" && !entitled;
      return {
        ...clipCore(r, relations.get(r.id), ref, input.locale),
        tier,
        locked,
        thumbnail: imageUrl(r.thumbnailKey),
        poster: imageUrl(r.posterKey),
        video: locked ? null : videoObject(r, -1),
      };
    }),
    total: page.total,
  };
}

async function premiumEntitled(caller: Caller, organizationId: string): Promise<boolean> {
  if (caller.limits.id === organizationId) return caller.limits.entitlements.premiumStock;
  return (await organizationLimits(organizationId))?.entitlements.premiumStock ?? false;
}
