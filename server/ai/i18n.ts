/**
 * The few words the deterministic engine needs to title and describe what it generates, in all
 * 18 supported locales. Category, muscle group, equipment, goal and difficulty names come from
 * the reference data, which is already translated; these are the glue words between them.
 */
import { DIFFICULTY_LABELS } from "@/db/reference/difficulty-labels";
import { type Locale, SUPPORTED_LOCALES, languageOf, pickText } from "@/server/core/locale";
import type { Level } from "./types";

interface Phrases {
  min: string;
  exercises: string;
  rounds: string;
  focus: string;
  equipment: string;
  noEquipment: string;
  warmup: string;
  cooldown: string;
  weeks: string;
  daysPerWeek: string;
  plan: string;
  adapted: string;
  workout: string;
  fullBody: string;
}

const EN: Phrases = {
  min: "min",
  exercises: "exercises",
  rounds: "rounds",
  focus: "Focus",
  equipment: "Equipment",
  noEquipment: "No equipment",
  warmup: "Warm-up",
  cooldown: "Cool-down",
  weeks: "weeks",
  daysPerWeek: "days per week",
  plan: "Plan",
  adapted: "Adapted",
  workout: "Workout",
  fullBody: "Full body",
};

const PHRASES: Record<Locale, Phrases> = {
  "en-US": EN,
  "en-GB": EN,
  "en-AU": EN,
  "fr-FR": {
    min: "min",
    exercises: "exercices",
    rounds: "tours",
    focus: "Cible",
    equipment: "Équipement",
    noEquipment: "Sans équipement",
    warmup: "Échauffement",
    cooldown: "Retour au calme",
    weeks: "semaines",
    daysPerWeek: "jours par semaine",
    plan: "Programme",
    adapted: "Adapté",
    workout: "Séance",
    fullBody: "Corps entier",
  },
  "de-DE": {
    min: "Min.",
    exercises: "Übungen",
    rounds: "Runden",
    focus: "Fokus",
    equipment: "Ausrüstung",
    noEquipment: "Ohne Ausrüstung",
    warmup: "Aufwärmen",
    cooldown: "Abwärmen",
    weeks: "Wochen",
    daysPerWeek: "Tage pro Woche",
    plan: "Plan",
    adapted: "Angepasst",
    workout: "Training",
    fullBody: "Ganzkörper",
  },
  "es-ES": {
    min: "min",
    exercises: "ejercicios",
    rounds: "rondas",
    focus: "Enfoque",
    equipment: "Material",
    noEquipment: "Sin material",
    warmup: "Calentamiento",
    cooldown: "Vuelta a la calma",
    weeks: "semanas",
    daysPerWeek: "días por semana",
    plan: "Plan",
    adapted: "Adaptado",
    workout: "Entrenamiento",
    fullBody: "Cuerpo completo",
  },
  "it-IT": {
    min: "min",
    exercises: "esercizi",
    rounds: "giri",
    focus: "Focus",
    equipment: "Attrezzatura",
    noEquipment: "Senza attrezzatura",
    warmup: "Riscaldamento",
    cooldown: "Defaticamento",
    weeks: "settimane",
    daysPerWeek: "giorni a settimana",
    plan: "Piano",
    adapted: "Adattato",
    workout: "Allenamento",
    fullBody: "Corpo intero",
  },
  "pt-PT": {
    min: "min",
    exercises: "exercícios",
    rounds: "voltas",
    focus: "Foco",
    equipment: "Equipamento",
    noEquipment: "Sem equipamento",
    warmup: "Aquecimento",
    cooldown: "Retorno à calma",
    weeks: "semanas",
    daysPerWeek: "dias por semana",
    plan: "Plano",
    adapted: "Adaptado",
    workout: "Treino",
    fullBody: "Corpo inteiro",
  },
  "he-IL": {
    min: "דק׳",
    exercises: "תרגילים",
    rounds: "סבבים",
    focus: "מיקוד",
    equipment: "ציוד",
    noEquipment: "ללא ציוד",
    warmup: "חימום",
    cooldown: "שחרור",
    weeks: "שבועות",
    daysPerWeek: "ימים בשבוע",
    plan: "תוכנית",
    adapted: "מותאם",
    workout: "אימון",
    fullBody: "כל הגוף",
  },
  "ro-RO": {
    min: "min",
    exercises: "exerciții",
    rounds: "runde",
    focus: "Focus",
    equipment: "Echipament",
    noEquipment: "Fără echipament",
    warmup: "Încălzire",
    cooldown: "Revenire",
    weeks: "săptămâni",
    daysPerWeek: "zile pe săptămână",
    plan: "Plan",
    adapted: "Adaptat",
    workout: "Antrenament",
    fullBody: "Tot corpul",
  },
  "cs-CZ": {
    min: "min",
    exercises: "cviků",
    rounds: "kol",
    focus: "Zaměření",
    equipment: "Vybavení",
    noEquipment: "Bez vybavení",
    warmup: "Zahřátí",
    cooldown: "Protažení",
    weeks: "týdnů",
    daysPerWeek: "dní v týdnu",
    plan: "Plán",
    adapted: "Upraveno",
    workout: "Trénink",
    fullBody: "Celé tělo",
  },
  "fi-FI": {
    min: "min",
    exercises: "liikettä",
    rounds: "kierrosta",
    focus: "Painopiste",
    equipment: "Välineet",
    noEquipment: "Ei välineitä",
    warmup: "Lämmittely",
    cooldown: "Jäähdyttely",
    weeks: "viikkoa",
    daysPerWeek: "päivää viikossa",
    plan: "Ohjelma",
    adapted: "Mukautettu",
    workout: "Treeni",
    fullBody: "Koko keho",
  },
  "lt-LT": {
    min: "min.",
    exercises: "pratimai",
    rounds: "ratai",
    focus: "Akcentas",
    equipment: "Įranga",
    noEquipment: "Be įrangos",
    warmup: "Apšilimas",
    cooldown: "Atvėsimas",
    weeks: "savaitės",
    daysPerWeek: "dienos per savaitę",
    plan: "Planas",
    adapted: "Pritaikyta",
    workout: "Treniruotė",
    fullBody: "Visas kūnas",
  },
  "nl-NL": {
    min: "min",
    exercises: "oefeningen",
    rounds: "rondes",
    focus: "Focus",
    equipment: "Materiaal",
    noEquipment: "Geen materiaal",
    warmup: "Warming-up",
    cooldown: "Cooling-down",
    weeks: "weken",
    daysPerWeek: "dagen per week",
    plan: "Schema",
    adapted: "Aangepast",
    workout: "Training",
    fullBody: "Hele lichaam",
  },
  "pl-PL": {
    min: "min",
    exercises: "ćwiczeń",
    rounds: "rundy",
    focus: "Skupienie",
    equipment: "Sprzęt",
    noEquipment: "Bez sprzętu",
    warmup: "Rozgrzewka",
    cooldown: "Wyciszenie",
    weeks: "tygodni",
    daysPerWeek: "dni w tygodniu",
    plan: "Plan",
    adapted: "Dostosowany",
    workout: "Trening",
    fullBody: "Całe ciało",
  },
  "ar-XA": {
    min: "دقيقة",
    exercises: "تمارين",
    rounds: "جولات",
    focus: "التركيز",
    equipment: "المعدات",
    noEquipment: "بدون معدات",
    warmup: "إحماء",
    cooldown: "تهدئة",
    weeks: "أسابيع",
    daysPerWeek: "أيام في الأسبوع",
    plan: "خطة",
    adapted: "مُعدّل",
    workout: "تمرين",
    fullBody: "الجسم كله",
  },
  "nb-NO": {
    min: "min",
    exercises: "øvelser",
    rounds: "runder",
    focus: "Fokus",
    equipment: "Utstyr",
    noEquipment: "Uten utstyr",
    warmup: "Oppvarming",
    cooldown: "Nedtrapping",
    weeks: "uker",
    daysPerWeek: "dager i uken",
    plan: "Plan",
    adapted: "Tilpasset",
    workout: "Økt",
    fullBody: "Hele kroppen",
  },
  "sv-SE": {
    min: "min",
    exercises: "övningar",
    rounds: "varv",
    focus: "Fokus",
    equipment: "Utrustning",
    noEquipment: "Ingen utrustning",
    warmup: "Uppvärmning",
    cooldown: "Nedvarvning",
    weeks: "veckor",
    daysPerWeek: "dagar i veckan",
    plan: "Program",
    adapted: "Anpassad",
    workout: "Pass",
    fullBody: "Hela kroppen",
  },
};

export function phrases(locale: Locale): Phrases {
  return PHRASES[locale] ?? EN;
}

export function difficultyLabel(level: Level, locale: Locale): string {
  return pickText(DIFFICULTY_LABELS[level], locale);
}

/** English is the base language; any other language gets localized fields. */
export const isEnglish = (locale: Locale) => languageOf(locale) === "en";

/** A translation map for every locale from a function of the locale. */
export function translateAll(render: (locale: Locale) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of SUPPORTED_LOCALES) out[l] = render(l);
  return out;
}

/** Joins names with the locale's list style ("A, B & C" is universal enough for titles). */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}`;
}
