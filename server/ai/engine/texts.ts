/**
 * Names and descriptions written by the deterministic engine, in any supported locale, from
 * translated reference names and the glue words of i18n.ts.
 */
import { type Locale, pickText } from "@/server/core/locale";
import { difficultyLabel, joinNames, phrases } from "../i18n";
import type { Level, ReferenceIndex } from "../types";

export interface WorkoutTextFacts {
  categoryId: string;
  level: Level;
  totalSeconds: number;
  muscleIds: string[];
  equipmentIds: string[];
  distinctExercises: number;
  rounds: number;
  warmup: boolean;
  cooldown: boolean;
}

const minutes = (s: number) => Math.max(1, Math.round(s / 60));

export function workoutName(f: WorkoutTextFacts, ref: ReferenceIndex, locale: Locale): string {
  const p = phrases(locale);
  const category = pickText(ref.categoryById.get(f.categoryId)?.name, locale) || p.workout;
  const focus =
    f.muscleIds.length >= 5
      ? p.fullBody
      : joinNames(
          f.muscleIds
            .slice(0, 2)
            .map((id) => pickText(ref.muscleById.get(id)?.name, locale))
            .filter(Boolean),
        );
  return [category, focus, `${minutes(f.totalSeconds)} ${p.min}`].filter(Boolean).join(" · ");
}

export function workoutDescription(f: WorkoutTextFacts, ref: ReferenceIndex, locale: Locale): string {
  const p = phrases(locale);
  const muscles = f.muscleIds
    .slice(0, 4)
    .map((id) => pickText(ref.muscleById.get(id)?.name, locale))
    .filter(Boolean);
  const equipment = f.equipmentIds.map((id) => pickText(ref.equipmentById.get(id)?.name, locale)).filter(Boolean);
  const frames = [f.warmup ? p.warmup : null, f.cooldown ? p.cooldown : null].filter(Boolean).join(" + ");
  const parts = [
    `${difficultyLabel(f.level, locale)} · ${minutes(f.totalSeconds)} ${p.min} · ${f.distinctExercises} ${p.exercises} · ${f.rounds} ${p.rounds}.`,
    muscles.length ? `${p.focus}: ${muscles.join(", ")}.` : "",
    `${p.equipment}: ${equipment.length ? equipment.join(", ") : p.noEquipment}.`,
    frames ? `${frames}.` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

export interface PlanTextFacts {
  level: Level;
  weeks: number;
  daysPerWeek: number;
  goalIds: string[];
  categoryIds: string[];
}

export function planName(f: PlanTextFacts, ref: ReferenceIndex, locale: Locale): string {
  const p = phrases(locale);
  const goal = f.goalIds.map((id) => pickText(ref.goalById.get(id)?.name, locale)).find(Boolean);
  const category = f.categoryIds.map((id) => pickText(ref.categoryById.get(id)?.name, locale)).find(Boolean);
  return `${goal ?? category ?? p.plan} · ${f.weeks} ${p.weeks}`;
}

export function planDescription(f: PlanTextFacts, ref: ReferenceIndex, locale: Locale): string {
  const p = phrases(locale);
  const categories = f.categoryIds.map((id) => pickText(ref.categoryById.get(id)?.name, locale)).filter(Boolean);
  const goals = f.goalIds.map((id) => pickText(ref.goalById.get(id)?.name, locale)).filter(Boolean);
  return [
    `${difficultyLabel(f.level, locale)} · ${f.weeks} ${p.weeks} · ${f.daysPerWeek} ${p.daysPerWeek}.`,
    goals.length ? `${p.focus}: ${goals.join(", ")}.` : "",
    categories.length ? `${categories.join(", ")}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
