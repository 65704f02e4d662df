import type { Db } from "@/db/client";
import { findVideoAssetById, listAssetRelations } from "@/db/queries/video-assets";
import { STOCK_ORGANIZATION_ID } from "@/db/reference/ids";
import type { Caller } from "@/server/core/caller";
import { forbidden, notFound } from "@/server/core/errors";
import type { Locale } from "@/server/core/locale";
import { namedList } from "./reference";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { videoAssetRow } from "./serialize";

/**
 * One clip's media as the JSON player needs it. Readable: clips of any organization the
 * caller may act for, and stock catalog clips (generated workouts reference them); premium
 * stock clips need the caller organization's premiumStock entitlement (403 otherwise).
 */
export async function getVideoAsset(db: Db, caller: Caller, videoAssetId: string, locale: Locale | undefined) {
  const row = await findVideoAssetById(db, videoAssetId);
  if (!row) throw notFound("Video asset not found.");
  const isStock = row.organizationId === STOCK_ORGANIZATION_ID && row.stockTier !== null;
  if (isStock) {
    if (row.stockTier === "premium" && !caller.limits.entitlements.premiumStock) {
      throw forbidden("Premium stock clips are not included in this organization's plan.");
    }
  } else {
    caller.assertOrganization(row.organizationId);
  }
  const [relations, ref] = await Promise.all([listAssetRelations(db, [row.id]), getReferenceIndex(db)]);
  const loc = locale ?? "en-US";
  return {
    ...videoAssetRow(row, relations.get(row.id), ref, locale),
    stockTier: row.stockTier,
    ...(row.chapters
      ? {
          chapters: row.chapters.map((c) => ({
            name: c.name,
            startTimeSec: c.startTimeSec,
            endTimeSec: c.endTimeSec,
            equipment: namedList(ref.equipmentById, c.equipmentIds, loc),
            muscleGroups: namedList(ref.muscleById, c.muscleGroupIds, loc),
          })),
        }
      : {}),
  };
}
