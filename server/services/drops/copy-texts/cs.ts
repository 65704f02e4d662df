import { type CopyFacts, type CopyPhrases, czechCount, joinWith, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Czech (ty)
// ---------------------------------------------------------------------------------------------
const csEx = czechCount("cvik", "cviky", "cviků");
const csMin = czechCount("minuta", "minuty", "minut");
const csWk = czechCount("týden", "týdny", "týdnů");
const csWo = czechCount("trénink", "tréninky", "tréninků");
const csList = joinWith("a");
const csFocus = (f: CopyFacts) => (f.focus.length ? `Zaměření: ${csList(f.focus)}.` : null);
const csEquip = (f: CopyFacts) => (f.noEquipment ? "Žádné vybavení nepotřebuješ." : "Připrav si vybavení.");
export const CS: CopyPhrases = {
  list: csList,
  hooks: {
    workout: [
      (f) => `${csMin(f.minutes)}. ${csEx(f.exercises)}. Jdeme na to!`,
      (f) => `Nemáš čas? Stačí ${csMin(f.minutes)}.`,
      (f) => `Tvůj dnešní trénink: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: správná technika.`, () => "Jeden cvik. Plný efekt."],
    exerciseCollection: [(f) => `${csEx(f.exercises)} v kuse: ${f.name}.`, (f) => `${csEx(f.exercises)} bez pauzy. Jdeš do toho?`],
    workoutCollection: [(f) => `${csWk(f.weeks)}. Jeden plán. Tvůj cíl.`, (f) => `Plán na ${csWk(f.weeks)} je připravený.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${csEx(f.exercises)}, zhruba ${f.minutes} min.`,
        csFocus(f),
        csEquip(f),
        f.level && `Úroveň: ${f.level}.`,
        "Ulož si to na příští trénink.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zaměření: ${csList(f.focus)}.` : `${f.name}.`,
        "Hlídej si techniku: raději pomalu a pod kontrolou než rychle a ledabyle.",
        "Ulož si to na příští trénink.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${csEx(f.exercises)} v kuse, zhruba ${f.minutes} min.`, csFocus(f), csEquip(f), "Ulož si to na příští trénink."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${csWk(f.weeks)}, ${csWo(f.workouts)}, jeden jasný plán.`,
        f.categories.length > 0 && `Hlavní zaměření: ${csList(f.categories)}.`,
        "Začni ještě dnes a postupuj týden po týdnu.",
      ),
  },
  cta: {
    workout: "Zacvič si celý trénink",
    exercise: "Ulož si ho na příští trénink",
    exerciseCollection: "Dej si celý okruh",
    workoutCollection: "Začni s plánem ještě dnes",
  },
  tagline: {
    workout: (f) => `${csEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || csEx(1),
    exerciseCollection: (f) => `${csEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${csWk(f.weeks)} · ${csWo(f.workouts)}`,
  },
  tags: ["fitness", "trénink", "cvičení"],
  noEquipmentTag: "cvičenídoma",
};
