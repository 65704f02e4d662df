/**
 * Turns engine output into the contract's shapes: the instance `exercise` object (English legacy
 * fields plus localized ones for a non-English locale), workout-level muscle groups and equipment,
 * and translation maps (only the English key when no locale is sent).
 */
import type { Tx } from "@/db/client";
import { listExerciseDetails } from "@/db/queries/catalog";
import { newId } from "@/db/schema/columns";
import { isEnglish, translateAll } from "@/server/ai/i18n";
import type { PlannedInstance } from "@/server/ai/engine/workout-planner";
import type { PoolExercise, ReferenceIndex } from "@/server/ai/types";
import { type Locale, pickText } from "@/server/core/locale";
import { publicMediaUrl, signMediaUrl } from "@/server/media/signing";

export type ExerciseDetails = Awaited<ReturnType<typeof listExerciseDetails>>[number];

const name = (map: Record<string, string> | undefined, locale: Locale = "en-US") => pickText(map ?? {}, locale);

export async function loadDetails(db: Tx, ids: string[]): Promise<Map<string, ExerciseDetails>> {
  const rows = await listExerciseDetails(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export function presentExercise(e: PoolExercise, d: ExerciseDetails, ref: ReferenceIndex, locale: Locale | null) {
  const muscles = e.muscles.map(([id]) => ref.muscleById.get(id)).filter((m) => m !== undefined);
  const equipment = e.equipmentIds.map((id) => ref.equipmentById.get(id)).filter((x) => x !== undefined);
  const localized = locale && !isEnglish(locale);
  return {
    id: e.id,
    name: name(d.name),
    description: name(d.description),
    thumbnailUrl: d.thumbnailKey ? publicMediaUrl(d.thumbnailKey) : d.posterKey ? publicMediaUrl(d.posterKey) : null,
    videoUri: signMediaUrl(d.videoKey),
    estimatedRepDuration: e.estimatedRepDuration,
    muscleGroups: muscles.map((m) => name(m.name)),
    equipment: equipment.map((x) => name(x.name)),
    collectionName: d.collectionName,
    coach: d.coach,
    skillLevel: d.skillLevel,
    categories: e.categoryKeys
      .map((k) => ref.categoryByKey.get(k))
      .filter((c) => c !== undefined)
      .map((c) => name(c.name)),
    ...(localized
      ? {
          localizedName: name(d.name, locale),
          localizedDescription: name(d.description, locale),
          localizedMuscleGroups: muscles.map((m) => name(m.name, locale)),
          localizedEquipment: equipment.map((x) => name(x.name, locale)),
        }
      : {}),
  };
}

export type PresentedExercise = ReturnType<typeof presentExercise>;

export function presentInstances(
  instances: PlannedInstance[],
  poolById: Map<string, PoolExercise>,
  details: Map<string, ExerciseDetails>,
  ref: ReferenceIndex,
  locale: Locale | null,
) {
  const cache = new Map<string, PresentedExercise>();
  return instances.map((it) => {
    let exercise: PresentedExercise | null = null;
    if (it.kind === "single-exercise" && it.exerciseId) {
      exercise = cache.get(it.exerciseId) ?? null;
      if (!exercise) {
        const e = poolById.get(it.exerciseId);
        const d = details.get(it.exerciseId);
        if (!e || !d) throw new Error(`exercise ${it.exerciseId} vanished while presenting`);
        exercise = presentExercise(e, d, ref, locale);
        cache.set(it.exerciseId, exercise);
      }
    }
    return {
      id: newId(),
      kind: it.kind,
      phase: it.phase,
      durationSeconds: it.durationSeconds,
      reps: it.reps,
      skipIntro: it.skipIntro,
      pace: it.pace,
      weightLevel: it.weightLevel,
      rpe: it.rpe,
      exercise,
    };
  });
}

/** Muscle groups of a workout, by total share of its sets (largest first), and its equipment. */
export function summarizeWorkout(instances: PlannedInstance[], poolById: Map<string, PoolExercise>) {
  const load = new Map<string, number>();
  const equipment = new Set<string>();
  for (const it of instances) {
    const e = it.exerciseId ? poolById.get(it.exerciseId) : undefined;
    if (!e) continue;
    for (const [m, share] of e.muscles) load.set(m, (load.get(m) ?? 0) + share * it.durationSeconds);
    for (const id of e.equipmentIds) equipment.add(id);
  }
  const muscleIds = [...load.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
  return { muscleIds, equipmentIds: [...equipment].sort() };
}

/** Translation maps: the English key only without a locale; English plus the locale with one. */
export function translationMaps(en: { name: string; description: string }, locale: Locale | null, localized: { name: string; description: string } | null) {
  const nameTranslations: Record<string, string> = { "en-US": en.name };
  const descriptionTranslations: Record<string, string> = { "en-US": en.description };
  if (locale && locale !== "en-US") {
    nameTranslations[locale] = localized?.name ?? en.name;
    descriptionTranslations[locale] = localized?.description ?? en.description;
  }
  return { nameTranslations, descriptionTranslations };
}

/**
 * Translation maps for every supported locale, as stored content keeps them: the engine's texts
 * per locale, with the answer's own English (and requested-locale) texts on top.
 */
export function allTranslationMaps(
  en: { name: string; description: string },
  locale: Locale | null,
  localized: { name: string; description: string } | null,
  render: (locale: Locale) => { name: string; description: string },
) {
  const own = translationMaps(en, locale, localized);
  return {
    nameTranslations: { ...translateAll((l) => render(l).name), ...own.nameTranslations },
    descriptionTranslations: { ...translateAll((l) => render(l).description), ...own.descriptionTranslations },
  };
}
