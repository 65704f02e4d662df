import { onCacheInvalidation } from "@/db/cache-invalidation";
import type { Db } from "@/db/client";
import type { ReferenceIndex } from "@/server/ai/types";
import { listCategories, listEquipment, listEquipmentCategories, listGoals, listMuscleGroups } from "@/db/queries/reference";

/**
 * Platform reference data (categories, equipment, muscle groups, goals) changes only with a
 * release or a seed, so every instance keeps it in memory for a minute.
 */
type Reference = {
  categories: Awaited<ReturnType<typeof listCategories>>;
  equipmentCategories: Awaited<ReturnType<typeof listEquipmentCategories>>;
  equipment: Awaited<ReturnType<typeof listEquipment>>;
  muscleGroups: Awaited<ReturnType<typeof listMuscleGroups>>;
  goals: Awaited<ReturnType<typeof listGoals>>;
};

const TTL_MS = 60_000;
let cached: { at: number; value: { data: Promise<Reference>; index: Promise<ReferenceIndex> } } | null = null;

onCacheInvalidation((topic) => {
  if (topic === "reference" || topic === "*") cached = null;
});

export function getReferenceData(db: Db): Promise<Reference> {
  return load(db).data;
}

/** The cached reference data keyed by id and key: built once per load, shared by every caller. */
export function getReferenceIndex(db: Db): Promise<ReferenceIndex> {
  return load(db).index;
}

function indexOf(ref: Reference): ReferenceIndex {
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const byKey = <T extends { key: string }>(rows: T[]) => new Map(rows.map((r) => [r.key, r]));
  return {
    categoryById: byId(ref.categories),
    categoryByKey: byKey(ref.categories),
    muscleById: byId(ref.muscleGroups),
    muscleByKey: byKey(ref.muscleGroups),
    equipmentById: byId(ref.equipment),
    equipmentCategoryById: byId(ref.equipmentCategories),
    goalById: byId(ref.goals),
  };
}

function load(db: Db): { data: Promise<Reference>; index: Promise<ReferenceIndex> } {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = (async () => {
    const [categories, equipmentCategories, equipment, muscleGroups, goals] = await Promise.all([
      listCategories(db),
      listEquipmentCategories(db),
      listEquipment(db),
      listMuscleGroups(db),
      listGoals(db),
    ]);
    return { categories, equipmentCategories, equipment, muscleGroups, goals };
  })();
  const entry = { data: value, index: value.then(indexOf) };
  entry.index.catch(() => {
    if (cached?.value === entry) cached = null;
  });
  cached = { at: Date.now(), value: entry };
  return entry;
}
