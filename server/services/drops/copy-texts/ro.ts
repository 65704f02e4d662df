import { type CopyFacts, type CopyPhrases, joinWith, romanianCount, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Romanian (tu)
// ---------------------------------------------------------------------------------------------
const roEx = romanianCount("exercițiu", "exerciții");
const roMin = romanianCount("minut", "minute");
const roWk = romanianCount("săptămână", "săptămâni");
const roWo = romanianCount("antrenament", "antrenamente");
const roList = joinWith("și");
const roFocus = (f: CopyFacts) => (f.focus.length ? `Zone lucrate: ${roList(f.focus)}.` : null);
const roEquip = (f: CopyFacts) => (f.noEquipment ? "Nu ai nevoie de echipament." : "Pregătește-ți echipamentul.");
export const RO: CopyPhrases = {
  list: roList,
  hooks: {
    workout: [
      (f) => `${roMin(f.minutes)}. ${roEx(f.exercises)}. Hai să începem!`,
      (f) => `Ai puțin timp? Îți ${f.minutes === 1 ? "ajunge" : "ajung"} ${roMin(f.minutes)}.`,
      (f) => `Antrenamentul tău de azi: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: tehnica corectă.`, () => "Un singur exercițiu. Efect maxim."],
    exerciseCollection: [(f) => `${roEx(f.exercises)} la rând: ${f.name}.`, (f) => `${roEx(f.exercises)} fără pauză. Te bagi?`],
    workoutCollection: [(f) => `${roWk(f.weeks)}. Un plan. Obiectivul tău.`, (f) => `Următoarele ${roWk(f.weeks)}, deja planificate.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${roEx(f.exercises)} în aproximativ ${roMin(f.minutes)}.`,
        roFocus(f),
        roEquip(f),
        f.level && `Nivel: ${f.level}.`,
        "Salvează-l pentru următorul antrenament.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zone lucrate: ${roList(f.focus)}.` : `${f.name}.`,
        "Ai grijă la tehnică: mai bine lent și controlat decât rapid și neglijent.",
        "Salvează-l pentru următorul antrenament.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${roEx(f.exercises)} la rând, aproximativ ${roMin(f.minutes)}.`,
        roFocus(f),
        roEquip(f),
        "Salvează-l pentru următorul antrenament.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${roWk(f.weeks)}, ${roWo(f.workouts)}, un plan clar.`,
        f.categories.length > 0 && `Obiective: ${roList(f.categories)}.`,
        "Începe azi și avansează săptămână cu săptămână.",
      ),
  },
  cta: {
    workout: "Fă antrenamentul complet",
    exercise: "Salvează-l pentru următorul antrenament",
    exerciseCollection: "Fă circuitul complet",
    workoutCollection: "Începe planul chiar azi",
  },
  tagline: {
    workout: (f) => `${roEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || roEx(1),
    exerciseCollection: (f) => `${roEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${roWk(f.weeks)} · ${roWo(f.workouts)}`,
  },
  tags: ["fitness", "antrenament", "sport"],
  noEquipmentTag: "antrenamentacasa",
};
