/**
 * Seed data: exercise groups (micro workouts / collections): circuits, sets and
 * supersets built from workspace exercises. Pure data, no DB code.
 * Each item has exactly one of workSeconds or reps.
 */
import type { LocalizedText } from "../../../server/core/locale";

export type ExerciseGroupItemSeed = { exerciseKey: string; restSeconds: number } & (
  | { workSeconds: number; reps?: never }
  | { reps: number; workSeconds?: never }
);

export interface ExerciseGroupSeed {
  key: string;
  /** en-US, de-DE, fr-FR, es-ES. */
  name: LocalizedText;
  type: "circuit" | "set" | "superset";
  rounds: number;
  restBetweenRoundsSeconds: number;
  items: ExerciseGroupItemSeed[];
}

export const EXERCISE_GROUPS: ExerciseGroupSeed[] = [
  {
    key: "group-bodyweight-blast",
    name: {
      "en-US": "Bodyweight Blast",
      "de-DE": "Körpergewichts-Power",
      "fr-FR": "Explosion au poids du corps",
      "es-ES": "Explosión con peso corporal",
    },
    type: "circuit",
    rounds: 3,
    restBetweenRoundsSeconds: 60,
    items: [
      { exerciseKey: "jump-squat", workSeconds: 40, restSeconds: 20 },
      { exerciseKey: "push-up", workSeconds: 40, restSeconds: 20 },
      { exerciseKey: "mountain-climber", workSeconds: 40, restSeconds: 20 },
      { exerciseKey: "burpee", workSeconds: 30, restSeconds: 0 },
    ],
  },
  {
    key: "group-core-five",
    name: {
      "en-US": "Core Five",
      "de-DE": "Core-Fünfer",
      "fr-FR": "Gainage en cinq",
      "es-ES": "Cinco de core",
    },
    type: "circuit",
    rounds: 2,
    restBetweenRoundsSeconds: 45,
    items: [
      { exerciseKey: "dead-bug", workSeconds: 40, restSeconds: 15 },
      { exerciseKey: "bicycle-crunch", workSeconds: 40, restSeconds: 15 },
      { exerciseKey: "side-plank", workSeconds: 30, restSeconds: 15 },
      { exerciseKey: "russian-twist", workSeconds: 40, restSeconds: 15 },
      { exerciseKey: "plank", workSeconds: 45, restSeconds: 0 },
    ],
  },
  {
    key: "group-goblet-squat-sets",
    name: {
      "en-US": "Goblet Squat Sets",
      "de-DE": "Goblet-Kniebeugen-Sätze",
      "fr-FR": "Séries de squats gobelet",
      "es-ES": "Series de sentadilla goblet",
    },
    type: "set",
    rounds: 4,
    restBetweenRoundsSeconds: 90,
    items: [{ exerciseKey: "goblet-squat", reps: 10, restSeconds: 0 }],
  },
  {
    key: "group-push-pull-superset",
    name: {
      "en-US": "Push-Pull Superset",
      "de-DE": "Drück-Zieh-Supersatz",
      "fr-FR": "Superset pousser-tirer",
      "es-ES": "Superserie de empuje y tracción",
    },
    type: "superset",
    rounds: 3,
    restBetweenRoundsSeconds: 75,
    items: [
      { exerciseKey: "dumbbell-shoulder-press", reps: 10, restSeconds: 10 },
      { exerciseKey: "dumbbell-row", reps: 12, restSeconds: 0 },
    ],
  },
  {
    key: "group-mobility-reset",
    name: {
      "en-US": "Five-Minute Mobility Reset",
      "de-DE": "Fünf-Minuten-Mobility-Reset",
      "fr-FR": "Mobilité express en cinq minutes",
      "es-ES": "Movilidad exprés en cinco minutos",
    },
    type: "circuit",
    rounds: 1,
    restBetweenRoundsSeconds: 0,
    items: [
      { exerciseKey: "cat-cow", workSeconds: 60, restSeconds: 10 },
      { exerciseKey: "worlds-greatest-stretch", workSeconds: 60, restSeconds: 10 },
      { exerciseKey: "downward-dog", workSeconds: 45, restSeconds: 10 },
      { exerciseKey: "inchworm", reps: 5, restSeconds: 10 },
      { exerciseKey: "childs-pose", workSeconds: 60, restSeconds: 0 },
    ],
  },
];
