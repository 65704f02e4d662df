import { type CopyFacts, type CopyPhrases, joinWith, lithuanianCount, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Lithuanian (tu)
// ---------------------------------------------------------------------------------------------
const ltEx = lithuanianCount("pratimas", "pratimai", "pratimų");
const ltMin = lithuanianCount("minutė", "minutės", "minučių");
const ltWk = lithuanianCount("savaitė", "savaitės", "savaičių");
const ltWo = lithuanianCount("treniruotė", "treniruotės", "treniruočių");
const ltList = joinWith("ir");
const ltFocus = (f: CopyFacts) => (f.focus.length ? `Akcentas: ${ltList(f.focus)}.` : null);
const ltEquip = (f: CopyFacts) => (f.noEquipment ? "Inventoriaus nereikia." : "Pasiruošk inventorių.");
export const LT: CopyPhrases = {
  list: ltList,
  hooks: {
    workout: [
      (f) => `${ltMin(f.minutes)}. ${ltEx(f.exercises)}. Pirmyn!`,
      (f) => `Mažai laiko? Tik ${ltMin(f.minutes)}.`,
      (f) => `Šiandienos treniruotė: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: teisinga technika.`, () => "Vienas pratimas. Visas efektas."],
    exerciseCollection: [(f) => `${ltEx(f.exercises)} be sustojimo: ${f.name}.`, (f) => `${ltEx(f.exercises)} be pertraukų. Prisijungsi?`],
    workoutCollection: [(f) => `${ltWk(f.weeks)}. Vienas planas. Tavo tikslas.`, (f) => `${ltWk(f.weeks)} su aiškiu planu.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${ltEx(f.exercises)}, apie ${f.minutes} min.`,
        ltFocus(f),
        ltEquip(f),
        f.level && `Lygis: ${f.level}.`,
        "Išsisaugok kitai treniruotei.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – akcentas: ${ltList(f.focus)}.` : `${f.name}.`,
        "Stebėk techniką: geriau lėtai ir kontroliuojamai nei greitai ir atmestinai.",
        "Išsisaugok kitai treniruotei.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${ltEx(f.exercises)} be sustojimo, apie ${f.minutes} min.`, ltFocus(f), ltEquip(f), "Išsisaugok kitai treniruotei."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${ltWk(f.weeks)}, ${ltWo(f.workouts)}, aiškus planas.`,
        f.categories.length > 0 && `Akcentai: ${ltList(f.categories)}.`,
        "Pradėk šiandien ir judėk savaitė po savaitės.",
      ),
  },
  cta: {
    workout: "Atlik visą treniruotę",
    exercise: "Išsisaugok kitai treniruotei",
    exerciseCollection: "Atlik visą ratą",
    workoutCollection: "Pradėk planą šiandien",
  },
  tagline: {
    workout: (f) => `${ltEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || ltEx(1),
    exerciseCollection: (f) => `${ltEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${ltWk(f.weeks)} · ${ltWo(f.workouts)}`,
  },
  tags: ["sportas", "treniruotė", "fitness"],
  noEquipmentTag: "sportasnamuose",
};
