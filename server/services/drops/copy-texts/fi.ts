import { type CopyFacts, type CopyPhrases, finnishCount, joinWith, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Finnish (sinä)
// ---------------------------------------------------------------------------------------------
const fiEx = finnishCount("liike", "liikettä");
const fiMin = finnishCount("minuutti", "minuuttia");
const fiWk = finnishCount("viikko", "viikkoa");
const fiWo = finnishCount("treeni", "treeniä");
const fiList = joinWith("ja");
const fiFocus = (f: CopyFacts) => (f.focus.length ? `Painopiste: ${fiList(f.focus)}.` : null);
const fiEquip = (f: CopyFacts) => (f.noEquipment ? "Et tarvitse välineitä." : "Pidä välineet valmiina.");
export const FI: CopyPhrases = {
  list: fiList,
  hooks: {
    workout: [
      (f) => `${fiMin(f.minutes)}. ${fiEx(f.exercises)}. Nyt mennään!`,
      (f) => `Kiire? ${fiMin(f.minutes)} riittää.`,
      (f) => `Päivän treeni: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: näin teet sen oikein.`, () => "Yksi liike. Täysi teho."],
    exerciseCollection: [(f) => `${fiEx(f.exercises)} putkeen: ${f.name}.`, (f) => `${fiEx(f.exercises)} ilman taukoja. Oletko mukana?`],
    workoutCollection: [(f) => `${fiWk(f.weeks)}. Yksi suunnitelma. Sinun tavoitteesi.`, (f) => `Seuraavat ${fiWk(f.weeks)} valmiiksi suunniteltuna.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${fiEx(f.exercises)}, noin ${fiMin(f.minutes)}.`,
        fiFocus(f),
        fiEquip(f),
        f.level && `Taso: ${f.level}.`,
        "Tallenna seuraavaa treeniä varten.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – painopiste: ${fiList(f.focus)}.` : `${f.name}.`,
        "Keskity tekniikkaan: rauhallisesti ja hallitusti on parempi kuin nopeasti ja huolimattomasti.",
        "Tallenna seuraavaa treeniä varten.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${fiEx(f.exercises)} putkeen, noin ${fiMin(f.minutes)}.`, fiFocus(f), fiEquip(f), "Tallenna seuraavaa treeniä varten."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${fiWk(f.weeks)}, ${fiWo(f.workouts)}, yksi selkeä suunnitelma.`,
        f.categories.length > 0 && `Painopisteet: ${fiList(f.categories)}.`,
        "Aloita tänään ja etene viikko kerrallaan.",
      ),
  },
  cta: {
    workout: "Tee koko treeni",
    exercise: "Tallenna seuraavaa treeniä varten",
    exerciseCollection: "Tee koko kierros",
    workoutCollection: "Aloita ohjelma tänään",
  },
  tagline: {
    workout: (f) => `${fiEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || fiEx(1),
    exerciseCollection: (f) => `${fiEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${fiWk(f.weeks)} · ${fiWo(f.workouts)}`,
  },
  tags: ["kuntoilu", "treeni", "fitness"],
  noEquipmentTag: "kotitreeni",
};
