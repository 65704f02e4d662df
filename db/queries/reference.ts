import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../client";
import { categories, equipment, equipmentCategories, goals, muscleGroups, videoAssets } from "../schema";

export function listCategories(db: Tx) {
  return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.key));
}

export function listEquipmentCategories(db: Tx) {
  return db.select().from(equipmentCategories).orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.key));
}

export function listEquipment(db: Tx) {
  return db.select().from(equipment).orderBy(asc(equipment.sortOrder), asc(equipment.key));
}

export function listMuscleGroups(db: Tx) {
  return db.select().from(muscleGroups).orderBy(asc(muscleGroups.sortOrder), asc(muscleGroups.key));
}

export function listGoals(db: Tx) {
  return db.select().from(goals).orderBy(asc(goals.sortOrder), asc(goals.key));
}

/** Exercise collections of a workspace with their single-exercise clip counts. */
export function listCollectionCounts(db: Tx, organizationId: string) {
  return db
    .select({ name: videoAssets.collectionName, count: count() })
    .from(videoAssets)
    .where(
      and(
        eq(videoAssets.organizationId, organizationId),
        eq(videoAssets.kind, "single-exercise"),
        isNotNull(videoAssets.collectionName),
        isNull(videoAssets.deletedAt),
      ),
    )
    .groupBy(videoAssets.collectionName)
    .orderBy(asc(videoAssets.collectionName));
}
