import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import { organizations, videoAssetEquipment, videoAssetMuscleGroups, videoAssets } from "../schema";
import { EXERCISES } from "./data/exercises";
import { STOCK_EXERCISES } from "./data/stock";
import { STOCK_ORGANIZATION_ID, stableId } from "../reference/ids";
import { seedManifest } from "./manifest";
import { equipmentId, muscleGroupId } from "./reference";

export const stockExerciseId = (key: string) => stableId("stock-exercise", key);

/**
 * The platform stock clip catalog: video assets owned by the platform stock organization,
 * tagged free or premium. Idempotent (stable ids, insert-if-missing).
 */
export async function upsertStockCatalog(db: Tx): Promise<void> {
  const manifest = await seedManifest();
  await db
    .insert(organizations)
    .values({
      id: STOCK_ORGANIZATION_ID,
      name: "Forma stock catalog",
      subscriptionPlan: "internal",
      branding: { logoUrl: null, primaryColor: "#111827", secondaryColor: "#6b7280", watermarkUrl: null },
      modules: { workouts: false, plans: false, insights: false, chat: false, cast: false, drops: false, autopilot: false, socialPublish: false },
      entitlements: { stockCatalog: true, premiumStock: true, autopilotMinutesLimit: 0 },
    })
    .onConflictDoNothing();
  const rows = STOCK_EXERCISES.map((s, i) => {
    const clip = EXERCISES.find((e) => e.key === s.mediaClipKey);
    return {
      id: stockExerciseId(s.key),
      organizationId: STOCK_ORGANIZATION_ID,
      kind: "single-exercise" as const,
      stockTier: s.tier,
      name: s.name,
      description: { "en-US": clip?.description ?? "" },
      searchText: Object.values(s.name).join(" ").toLowerCase(),
      skillLevel: s.skillLevel,
      executionSide: clip?.executionSide ?? "both",
      coach: "Forma Studio",
      collectionName: s.tier === "premium" ? "Premium Stock" : "Free Stock",
      estimatedRepDuration: clip?.estimatedRepDurationSeconds ?? 3,
      impact: clip?.impact ?? "low",
      movementPattern: clip?.movementPattern ?? null,
      isStretch: clip?.isStretch ?? false,
      categoryKeys: clip?.categories ?? [],
      videoKey: `seed/clips/${s.mediaClipKey}.mp4`,
      posterKey: manifest[`posters/${s.mediaClipKey}.jpg`] ? `seed/posters/${s.mediaClipKey}.jpg` : null,
      thumbnailKey: manifest[`thumbs/${s.mediaClipKey}.jpg`] ? `seed/thumbs/${s.mediaClipKey}.jpg` : null,
      durationSeconds: s.durationSeconds,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    };
  });
  await db.insert(videoAssets).values(rows).onConflictDoUpdate({ target: videoAssets.id, set: { name: sql`excluded.name`, searchText: sql`excluded.search_text` } });
  const muscleRows = STOCK_EXERCISES.flatMap((s) => {
    const n = s.muscleGroupKeys.length || 1;
    return s.muscleGroupKeys.map((k) => ({ videoAssetId: stockExerciseId(s.key), muscleGroupId: muscleGroupId(k), share: 1 / n }));
  });
  if (muscleRows.length) await db.insert(videoAssetMuscleGroups).values(muscleRows).onConflictDoNothing();
  const eqRows = STOCK_EXERCISES.flatMap((s) => s.equipmentKeys.map((k) => ({ videoAssetId: stockExerciseId(s.key), equipmentId: equipmentId(k) })));
  if (eqRows.length) await db.insert(videoAssetEquipment).values(eqRows).onConflictDoNothing();
}
