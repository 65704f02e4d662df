/**
 * Seed data: training plans (multi-week programs) built from WORKOUTS.
 * Pure data, no DB code. `schedule` days are 1 (Monday) to 7 (Sunday).
 */
import type { LocalizedText } from "../../../server/core/locale";
import type { Difficulty } from "../../reference/difficulty-labels";
import type { Visibility } from "./workouts";

export interface PlanScheduleEntry {
  /** 1-based week number, at most durationWeeks. */
  week: number;
  /** 1 (Monday) to 7 (Sunday). */
  day: number;
  workoutKey: string;
}

export interface PlanSeed {
  key: string;
  /** en-US, de-DE, fr-FR, es-ES. */
  name: LocalizedText;
  description: LocalizedText;
  difficulty: Difficulty;
  visibility: Visibility;
  goalKeys: string[];
  categoryKeys: string[];
  durationWeeks: number;
  daysPerWeek: number;
  schedule: PlanScheduleEntry[];
}

/** Repeats the same weekly template for `weeks` weeks. */
function weekly(weeks: number, template: { day: number; workoutKey: string }[]): PlanScheduleEntry[] {
  const out: PlanScheduleEntry[] = [];
  for (let week = 1; week <= weeks; week++) for (const t of template) out.push({ week, ...t });
  return out;
}

export const PLANS: PlanSeed[] = [
  {
    key: "two-week-kickstart",
    name: {
      "en-US": "Two-Week Kickstart",
      "de-DE": "Zwei-Wochen-Kickstart",
      "fr-FR": "Démarrage en deux semaines",
      "es-ES": "Arranque en dos semanas",
    },
    description: {
      "en-US": "Three short sessions a week to build a habit: strength basics, joint-friendly cardio and mobility, with a fitness check to start.",
      "de-DE": "Drei kurze Einheiten pro Woche, um eine Routine aufzubauen: Kraftgrundlagen, gelenkschonendes Cardio und Mobilität, zum Start ein Fitness-Check.",
      "fr-FR": "Trois courtes séances par semaine pour prendre l'habitude : bases de renforcement, cardio sans impact et mobilité, avec un bilan forme pour commencer.",
      "es-ES": "Tres sesiones cortas por semana para crear el hábito: fuerza básica, cardio de bajo impacto y movilidad, con un test de forma para empezar.",
    },
    difficulty: "beginner",
    visibility: "public",
    goalKeys: ["general-fitness", "lose-weight"],
    categoryKeys: ["strength", "low-impact", "mobility"],
    durationWeeks: 2,
    daysPerWeek: 3,
    schedule: [
      { week: 1, day: 1, workoutKey: "fitness-check-beginner" },
      { week: 1, day: 3, workoutKey: "full-body-foundations" },
      { week: 1, day: 5, workoutKey: "morning-mobility-flow" },
      { week: 2, day: 1, workoutKey: "full-body-foundations" },
      { week: 2, day: 3, workoutKey: "low-impact-cardio" },
      { week: 2, day: 5, workoutKey: "recovery-stretch" },
    ],
  },
  {
    key: "strength-builder",
    name: {
      "en-US": "Strength Builder",
      "de-DE": "Kraftaufbau",
      "fr-FR": "Construire sa force",
      "es-ES": "Constructor de fuerza",
    },
    description: {
      "en-US": "Four weeks of dumbbell strength, glute work and core training with one express conditioning day per week.",
      "de-DE": "Vier Wochen Kurzhanteltraining, Po- und Rumpftraining mit einem Express-Konditionstag pro Woche.",
      "fr-FR": "Quatre semaines de renforcement aux haltères, de travail des fessiers et de gainage, avec une séance express de cardio par semaine.",
      "es-ES": "Cuatro semanas de fuerza con mancuernas, trabajo de glúteos y core, con un día exprés de acondicionamiento por semana.",
    },
    difficulty: "intermediate",
    visibility: "public",
    goalKeys: ["build-muscle", "general-fitness"],
    categoryKeys: ["strength", "core"],
    durationWeeks: 4,
    daysPerWeek: 4,
    schedule: weekly(4, [
      { day: 1, workoutKey: "dumbbell-strength" },
      { day: 2, workoutKey: "core-crusher" },
      { day: 4, workoutKey: "glute-lab" },
      { day: 6, workoutKey: "express-circuit" },
    ]),
  },
  {
    key: "hiit-shred",
    name: {
      "en-US": "HIIT Shred",
      "de-DE": "HIIT-Shred",
      "fr-FR": "Sèche HIIT",
      "es-ES": "Definición HIIT",
    },
    description: {
      "en-US": "Six demanding weeks of intervals, kettlebell power and athletic conditioning, bookended by an advanced fitness check.",
      "de-DE": "Sechs fordernde Wochen mit Intervallen, Kettlebell-Power und Athletiktraining, eingerahmt von einem Fitness-Check für Fortgeschrittene.",
      "fr-FR": "Six semaines exigeantes d'intervalles, de puissance à la kettlebell et de préparation athlétique, encadrées par un bilan forme avancé.",
      "es-ES": "Seis semanas exigentes de intervalos, potencia con kettlebell y acondicionamiento atlético, con un test de forma avanzado al principio y al final.",
    },
    difficulty: "advanced",
    visibility: "public",
    goalKeys: ["lose-weight", "improve-endurance", "athletic-performance"],
    categoryKeys: ["hiit", "cardio", "strength"],
    durationWeeks: 6,
    daysPerWeek: 4,
    schedule: weekly(6, [
      { day: 1, workoutKey: "tabata-inferno" },
      { day: 2, workoutKey: "upper-body-push-pull" },
      { day: 4, workoutKey: "kettlebell-power" },
      { day: 6, workoutKey: "athlete-conditioning" },
    ]).map((entry) =>
      // First and last weeks open with the assessment instead of Tabata.
      (entry.week === 1 || entry.week === 6) && entry.day === 1
        ? { ...entry, workoutKey: "fitness-check-advanced" }
        : entry,
    ),
  },
  {
    key: "flexibility-reset",
    name: {
      "en-US": "Flexibility Reset",
      "de-DE": "Beweglichkeits-Reset",
      "fr-FR": "Souplesse retrouvée",
      "es-ES": "Reinicio de flexibilidad",
    },
    description: {
      "en-US": "Three weeks of yoga, Pilates and mobility to undo desk stiffness, improve posture and lower stress.",
      "de-DE": "Drei Wochen Yoga, Pilates und Mobility gegen Verspannungen vom Schreibtisch, für eine bessere Haltung und weniger Stress.",
      "fr-FR": "Trois semaines de yoga, de Pilates et de mobilité pour effacer les raideurs du bureau, améliorer la posture et réduire le stress.",
      "es-ES": "Tres semanas de yoga, pilates y movilidad para eliminar la rigidez de la oficina, mejorar la postura y reducir el estrés.",
    },
    difficulty: "beginner",
    visibility: "public",
    goalKeys: ["increase-flexibility", "improve-posture", "reduce-stress"],
    categoryKeys: ["yoga", "mobility", "pilates", "recovery"],
    durationWeeks: 3,
    daysPerWeek: 3,
    schedule: weekly(3, [
      { day: 1, workoutKey: "yoga-flow-class" },
      { day: 3, workoutKey: "pilates-core-sculpt" },
      { day: 6, workoutKey: "recovery-stretch" },
    ]).map((entry) => (entry.week === 2 && entry.day === 6 ? { ...entry, workoutKey: "morning-mobility-flow" } : entry)),
  },
  {
    key: "client-knee-rehab",
    name: {
      "en-US": "Knee Rehab Program (Client)",
      "de-DE": "Knie-Reha-Programm (Kunde)",
      "fr-FR": "Programme de rééducation du genou (client)",
      "es-ES": "Programa de rehabilitación de rodilla (cliente)",
    },
    description: {
      "en-US": "Private two-week plan for one client: knee-friendly strength twice a week plus a recovery session.",
      "de-DE": "Privater Zwei-Wochen-Plan für einen Kunden: zweimal pro Woche kniefreundliches Krafttraining plus eine Regenerationseinheit.",
      "fr-FR": "Plan privé de deux semaines pour un client : renforcement doux pour les genoux deux fois par semaine et une séance de récupération.",
      "es-ES": "Plan privado de dos semanas para un cliente: fuerza cuidando las rodillas dos veces por semana y una sesión de recuperación.",
    },
    difficulty: "beginner",
    visibility: "private",
    goalKeys: ["general-fitness", "improve-posture"],
    categoryKeys: ["low-impact", "recovery"],
    durationWeeks: 2,
    daysPerWeek: 3,
    schedule: weekly(2, [
      { day: 1, workoutKey: "knee-friendly-lower-body" },
      { day: 3, workoutKey: "recovery-stretch" },
      { day: 5, workoutKey: "knee-friendly-lower-body" },
    ]),
  },
];
