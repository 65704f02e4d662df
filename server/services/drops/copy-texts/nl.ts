import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Dutch (je)
// ---------------------------------------------------------------------------------------------
const nlEx = plural("oefening", "oefeningen");
const nlMin = plural("minuut", "minuten");
const nlWk = plural("week", "weken");
const nlWo = plural("training", "trainingen");
const nlList = joinWith("en");
const nlFocus = (f: CopyFacts) => (f.focus.length ? `Focus: ${nlList(f.focus)}.` : null);
const nlEquip = (f: CopyFacts) => (f.noEquipment ? "Geen materiaal nodig." : "Leg je materiaal klaar.");
export const NL: CopyPhrases = {
  list: nlList,
  hooks: {
    workout: [
      (f) => `${nlMin(f.minutes)}. ${nlEx(f.exercises)}. Gaan!`,
      (f) => `Weinig tijd? ${nlMin(f.minutes)} is genoeg.`,
      (f) => `Jouw training van vandaag: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: zo doe je het goed.`, () => "Eén oefening, volle impact."],
    exerciseCollection: [(f) => `${nlEx(f.exercises)} achter elkaar: ${f.name}.`, (f) => `${nlEx(f.exercises)} zonder pauze. Doe je mee?`],
    workoutCollection: [(f) => `${nlWk(f.weeks)}. Eén plan. Jouw doel.`, (f) => `Je komende ${nlWk(f.weeks)}, al gepland.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${nlEx(f.exercises)} in ongeveer ${nlMin(f.minutes)}.`,
        nlFocus(f),
        nlEquip(f),
        f.level && `Niveau: ${f.level}.`,
        "Bewaar dit voor je volgende training.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – focus: ${nlList(f.focus)}.` : `${f.name}.`,
        "Let op je techniek: liever langzaam en gecontroleerd dan snel en slordig.",
        "Bewaar dit voor je volgende training.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${nlEx(f.exercises)} achter elkaar, ongeveer ${nlMin(f.minutes)}.`, nlFocus(f), nlEquip(f), "Bewaar dit voor je volgende training."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${nlWk(f.weeks)}, ${nlWo(f.workouts)}, één helder plan.`,
        f.categories.length > 0 && `Focus: ${nlList(f.categories)}.`,
        "Begin vandaag en ga week na week verder.",
      ),
  },
  cta: {
    workout: "Doe de hele training",
    exercise: "Bewaar dit voor je volgende training",
    exerciseCollection: "Doe het hele circuit",
    workoutCollection: "Start vandaag met het plan",
  },
  tagline: {
    workout: (f) => `${nlEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || nlEx(1),
    exerciseCollection: (f) => `${nlEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${nlWk(f.weeks)} · ${nlWo(f.workouts)}`,
  },
  tags: ["fitness", "training", "workout"],
  noEquipmentTag: "thuistraining",
};
