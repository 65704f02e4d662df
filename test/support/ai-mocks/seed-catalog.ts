/**
 * The seeded catalog as plain engine data, without a database: the demo workspace's 42 clips
 * (as team exercises), the 24 stock clips and the reference data, with the same stable ids the
 * seed gives reference rows. Unit and property tests of the engines run against it.
 */
import { EXERCISES } from "@/db/seed/data/exercises";
import { CATEGORIES, EQUIPMENT, EQUIPMENT_CATEGORIES, GOALS, MUSCLE_GROUPS } from "@/db/seed/data/reference";
import { STOCK_EXERCISES } from "@/db/seed/data/stock";
import { stableId } from "@/db/reference/ids";
import { categoryId, equipmentCategoryId, equipmentId, goalId, muscleGroupId } from "@/db/seed/reference";
import { stockExerciseId } from "@/db/seed/stock";
import type { PoolExercise, ReferenceIndex } from "@/server/ai/types";

export function seedReferenceIndex(): ReferenceIndex {
  const cats = CATEGORIES.map((c, i) => ({ id: categoryId(c.key), key: c.key, name: c.name as Record<string, string>, sortOrder: i }));
  const muscles = MUSCLE_GROUPS.map((m, i) => ({ id: muscleGroupId(m.key), key: m.key, name: m.name as Record<string, string>, sortOrder: i }));
  const eqCats = EQUIPMENT_CATEGORIES.map((c, i) => ({ id: equipmentCategoryId(c.key), key: c.key, name: c.name as Record<string, string>, sortOrder: i }));
  const eq = EQUIPMENT.map((e, i) => ({
    id: equipmentId(e.key),
    key: e.key,
    name: e.name as Record<string, string>,
    sortOrder: i,
    equipmentCategoryId: e.equipmentCategoryKey ? equipmentCategoryId(e.equipmentCategoryKey) : null,
  }));
  const goals = GOALS.map((g, i) => ({ id: goalId(g.key), key: g.key, name: g.name as Record<string, string>, sortOrder: i }));
  return {
    categoryById: new Map(cats.map((c) => [c.id, c])),
    categoryByKey: new Map(cats.map((c) => [c.key, c])),
    muscleById: new Map(muscles.map((m) => [m.id, m])),
    muscleByKey: new Map(muscles.map((m) => [m.key, m])),
    equipmentById: new Map(eq.map((e) => [e.id, e])),
    equipmentCategoryById: new Map(eqCats.map((c) => [c.id, c])),
    goalById: new Map(goals.map((g) => [g.id, g])),
  };
}

export const teamExerciseId = (key: string) => stableId("test-exercise", key);

export function seedTeamPool(): PoolExercise[] {
  return EXERCISES.map((e) => ({
    id: teamExerciseId(e.key),
    source: "team_exercises" as const,
    nameEn: e.name["en-US"],
    skillLevel: e.skillLevel,
    collectionName: e.collectionName,
    coach: e.coach,
    estimatedRepDuration: e.estimatedRepDurationSeconds,
    impact: e.impact,
    movementPattern: e.movementPattern,
    isStretch: e.isStretch,
    categoryKeys: e.categories,
    muscles: [...e.muscleGroups]
      .sort((a, b) => b.share - a.share || (muscleGroupId(a.key) < muscleGroupId(b.key) ? -1 : 1))
      .map((m) => [muscleGroupId(m.key), m.share] as [string, number]),
    equipmentIds: e.equipment.map(equipmentId).sort(),
  }));
}

export function seedStockPool(tiers: ("free" | "premium")[] = ["free", "premium"]): PoolExercise[] {
  return STOCK_EXERCISES.filter((s) => tiers.includes(s.tier)).map((s) => {
    const clip = EXERCISES.find((e) => e.key === s.mediaClipKey);
    const n = s.muscleGroupKeys.length || 1;
    return {
      id: stockExerciseId(s.key),
      source: s.tier === "premium" ? ("premium_stock" as const) : ("free_stock" as const),
      nameEn: s.name["en-US"],
      skillLevel: s.skillLevel,
      collectionName: s.tier === "premium" ? "Premium Stock" : "Free Stock",
      coach: "Forma Studio",
      estimatedRepDuration: clip?.estimatedRepDurationSeconds ?? 3,
      impact: clip?.impact ?? "low",
      movementPattern: clip?.movementPattern ?? null,
      isStretch: clip?.isStretch ?? false,
      categoryKeys: clip?.categories ?? [],
      muscles: s.muscleGroupKeys.map((k) => [muscleGroupId(k), 1 / n] as [string, number]).sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      equipmentIds: s.equipmentKeys.map(equipmentId).sort(),
    };
  });
}
