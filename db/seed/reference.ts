import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import { categories, equipment, equipmentCategories, goals, muscleGroups } from "../schema";
import { CATEGORIES, EQUIPMENT, EQUIPMENT_CATEGORIES, GOALS, MUSCLE_GROUPS } from "./data/reference";
import { stableId } from "../reference/ids";

export const categoryId = (key: string) => stableId("category", key);
export const equipmentCategoryId = (key: string) => stableId("equipment-category", key);
export const equipmentId = (key: string) => stableId("equipment", key);
export const muscleGroupId = (key: string) => stableId("muscle-group", key);
export const goalId = (key: string) => stableId("goal", key);

/**
 * Platform reference data (categories, equipment, muscle groups, goals), translated into all
 * 18 locales. Idempotent: rows are keyed by stable ids and refreshed on every run.
 */
export async function upsertReferenceData(db: Tx): Promise<void> {
  const refresh = { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` };
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ id: categoryId(c.key), key: c.key, name: c.name, sortOrder: i })))
    .onConflictDoUpdate({ target: categories.id, set: refresh });
  await db
    .insert(equipmentCategories)
    .values(EQUIPMENT_CATEGORIES.map((c, i) => ({ id: equipmentCategoryId(c.key), key: c.key, name: c.name, category: c.category, sortOrder: i })))
    .onConflictDoUpdate({ target: equipmentCategories.id, set: { ...refresh, category: sql`excluded.category` } });
  await db
    .insert(equipment)
    .values(
      EQUIPMENT.map((e, i) => ({
        id: equipmentId(e.key),
        key: e.key,
        name: e.name,
        equipmentCategoryId: e.equipmentCategoryKey ? equipmentCategoryId(e.equipmentCategoryKey) : null,
        sortOrder: i,
      })),
    )
    .onConflictDoUpdate({ target: equipment.id, set: { ...refresh, equipmentCategoryId: sql`excluded.equipment_category_id` } });
  await db
    .insert(muscleGroups)
    .values(MUSCLE_GROUPS.map((m, i) => ({ id: muscleGroupId(m.key), key: m.key, name: m.name, sortOrder: i })))
    .onConflictDoUpdate({ target: muscleGroups.id, set: refresh });
  await db
    .insert(goals)
    .values(GOALS.map((g, i) => ({ id: goalId(g.key), key: g.key, name: g.name, sortOrder: i })))
    .onConflictDoUpdate({ target: goals.id, set: refresh });
}
