import type { Db } from "@/db/client";
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
let cached: { at: number; value: Promise<Reference> } | null = null;

export function getReferenceData(db: Db): Promise<Reference> {
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
  value.catch(() => {
    cached = null;
  });
  cached = { at: Date.now(), value };
  return value;
}
