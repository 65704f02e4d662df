/**
 * Seed data: the platform stock exercise catalog (owned by the platform stock
 * organization). Pure data, no DB code. Each clip reuses the media of a workspace
 * exercise (`mediaClipKey` is an EXERCISES key) so no extra media is needed.
 */
import type { LocalizedText } from "../../../server/api/locale";
import type { SkillLevel } from "./exercises";

export interface StockExerciseSeed {
  key: string;
  /** en-US and de-DE. */
  name: LocalizedText;
  tier: "free" | "premium";
  muscleGroupKeys: string[];
  /** [] means no equipment. */
  equipmentKeys: string[];
  skillLevel: SkillLevel;
  durationSeconds: number;
  /** EXERCISES key whose clip is reused. */
  mediaClipKey: string;
}

type Row = [key: string, en: string, de: string, tier: "free" | "premium", muscles: string[], equipment: string[], level: SkillLevel, seconds: number, clip: string];

const ROWS: Row[] = [
  ["stock-air-squat", "Air Squat", "Kniebeuge ohne Gewicht", "free", ["quadriceps", "glutes"], [], "beginner", 8, "squat"],
  ["stock-walking-lunge", "Walking Lunge", "Ausfallschritte im Gehen", "free", ["quadriceps", "glutes"], [], "beginner", 10, "lunge"],
  ["stock-split-squat-back", "Backward Step Lunge", "Ausfallschritt nach hinten", "free", ["glutes", "quadriceps"], [], "beginner", 10, "reverse-lunge"],
  ["stock-squat-jump", "Squat Jump", "Hocksprung", "premium", ["quadriceps", "glutes", "calves"], [], "intermediate", 6, "jump-squat"],
  ["stock-standard-push-up", "Standard Push-Up", "Klassischer Liegestütz", "free", ["chest", "triceps", "shoulders"], [], "intermediate", 8, "push-up"],
  ["stock-incline-knee-push-up", "Kneeling Push-Up", "Liegestütz im Kniestand", "free", ["chest", "triceps"], [], "beginner", 8, "knee-push-up"],
  ["stock-forearm-plank", "Forearm Plank Hold", "Unterarmstütz halten", "free", ["core", "shoulders"], [], "beginner", 6, "plank"],
  ["stock-side-plank-hold", "Side Plank Hold", "Seitstütz halten", "free", ["obliques", "core"], [], "intermediate", 6, "side-plank"],
  ["stock-climbers", "Cross-Body Mountain Climber", "Diagonaler Bergsteiger", "premium", ["core", "hip-flexors", "shoulders"], [], "intermediate", 6, "mountain-climber"],
  ["stock-full-burpee", "Full Burpee", "Burpee mit Strecksprung", "premium", ["full-body", "chest", "quadriceps"], [], "advanced", 8, "burpee"],
  ["stock-star-jacks", "Jumping Jacks", "Hampelmänner", "free", ["full-body", "calves"], [], "beginner", 6, "jumping-jack"],
  ["stock-sprint-in-place", "Sprint in Place", "Sprint auf der Stelle", "free", ["hip-flexors", "quadriceps", "calves"], [], "beginner", 6, "high-knees"],
  ["stock-hip-bridge", "Hip Bridge", "Hüftbrücke", "free", ["glutes", "hamstrings"], [], "beginner", 8, "glute-bridge"],
  ["stock-dead-bug-reach", "Dead Bug Reach", "Toter Käfer mit Armstreckung", "premium", ["core", "hip-flexors"], [], "beginner", 10, "dead-bug"],
  ["stock-single-arm-row", "Single-Arm Dumbbell Row", "Einarmiges Kurzhantelrudern", "premium", ["lats", "upper-back", "biceps"], ["dumbbell"], "beginner", 8, "dumbbell-row"],
  ["stock-overhead-press", "Standing Dumbbell Press", "Kurzhanteldrücken im Stehen", "premium", ["shoulders", "triceps"], ["dumbbell"], "intermediate", 8, "dumbbell-shoulder-press"],
  ["stock-hammer-curl", "Dumbbell Curl", "Kurzhantelcurl", "free", ["biceps"], ["dumbbell"], "beginner", 8, "dumbbell-bicep-curl"],
  ["stock-kb-goblet", "Goblet Squat Hold", "Goblet-Kniebeuge mit Halten", "premium", ["quadriceps", "glutes", "core"], ["dumbbell"], "intermediate", 10, "goblet-squat"],
  ["stock-db-rdl", "Dumbbell Romanian Deadlift", "Rumänisches Kreuzheben mit Kurzhanteln", "premium", ["hamstrings", "glutes", "lower-back"], ["dumbbell"], "intermediate", 10, "romanian-deadlift"],
  ["stock-russian-swing", "Russian Kettlebell Swing", "Russischer Kettlebell-Swing", "premium", ["glutes", "hamstrings", "core"], ["kettlebell"], "advanced", 8, "kettlebell-swing"],
  ["stock-band-pull", "Resistance Band Pull-Apart", "Widerstandsband auseinanderziehen", "free", ["upper-back", "shoulders"], ["resistance-band"], "beginner", 8, "band-pull-apart"],
  ["stock-lateral-skater", "Lateral Skater", "Seitlicher Eisschnellläufer", "premium", ["glutes", "quadriceps", "calves"], [], "intermediate", 6, "skater-jump"],
  ["stock-down-dog-hold", "Downward Dog Hold", "Herabschauender Hund halten", "free", ["hamstrings", "calves", "shoulders"], ["mat"], "beginner", 10, "downward-dog"],
  ["stock-spinal-wave", "Cat-Cow Spinal Wave", "Katze-Kuh-Wirbelsäulenwelle", "free", ["lower-back", "upper-back"], ["mat"], "beginner", 10, "cat-cow"],
];

export const STOCK_EXERCISES: StockExerciseSeed[] = ROWS.map(
  ([key, en, de, tier, muscleGroupKeys, equipmentKeys, skillLevel, durationSeconds, mediaClipKey]) => ({
    key,
    name: { "en-US": en, "de-DE": de },
    tier,
    muscleGroupKeys,
    equipmentKeys,
    skillLevel,
    durationSeconds,
    mediaClipKey,
  }),
);
