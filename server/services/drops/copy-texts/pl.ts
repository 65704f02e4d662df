import { type CopyFacts, type CopyPhrases, joinWith, polishCount, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Polish (ty)
// ---------------------------------------------------------------------------------------------
const plEx = polishCount("ćwiczenie", "ćwiczenia", "ćwiczeń");
const plMin = polishCount("minuta", "minuty", "minut");
const plWk = polishCount("tydzień", "tygodnie", "tygodni");
const plWo = polishCount("trening", "treningi", "treningów");
const plList = joinWith("i");
const plFocus = (f: CopyFacts) => (f.focus.length ? `W centrum uwagi: ${plList(f.focus)}.` : null);
const plEquip = (f: CopyFacts) => (f.noEquipment ? "Nie potrzebujesz sprzętu." : "Przygotuj swój sprzęt.");
/** "Wystarczy 1 minuta", "Wystarczą 3 minuty", "Wystarczy 5 minut": the verb agrees with the count. */
const plSuffices = (n: number) => (n !== 1 && n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? "Wystarczą" : "Wystarczy");
export const PL: CopyPhrases = {
  list: plList,
  hooks: {
    workout: [
      (f) => `${plMin(f.minutes)}. ${plEx(f.exercises)}. Zaczynamy!`,
      (f) => `Mało czasu? ${plSuffices(f.minutes)} ${plMin(f.minutes)}.`,
      (f) => `Twój trening na dziś: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: technika przede wszystkim.`, () => "Jedno ćwiczenie. Pełny efekt."],
    exerciseCollection: [(f) => `${plEx(f.exercises)} jedno po drugim: ${f.name}.`, (f) => `${plEx(f.exercises)} bez przerwy. Wchodzisz w to?`],
    workoutCollection: [(f) => `${plWk(f.weeks)}. Jeden plan. Twój cel.`, (f) => `Plan na ${plWk(f.weeks)} już gotowy.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${plEx(f.exercises)}, ok. ${f.minutes} min.`,
        plFocus(f),
        plEquip(f),
        f.level && `Poziom: ${f.level}.`,
        "Zapisz na następny trening.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – w centrum uwagi: ${plList(f.focus)}.` : `${f.name}.`,
        "Dbaj o technikę: lepiej wolno i pod kontrolą niż szybko i niedbale.",
        "Zapisz na następny trening.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${plEx(f.exercises)} jedno po drugim, ok. ${f.minutes} min.`, plFocus(f), plEquip(f), "Zapisz na następny trening."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${plWk(f.weeks)}, ${plWo(f.workouts)}, jeden jasny plan.`,
        f.categories.length > 0 && `Główne cele: ${plList(f.categories)}.`,
        "Zacznij dziś i idź tydzień po tygodniu.",
      ),
  },
  cta: {
    workout: "Zrób cały trening",
    exercise: "Zapisz na następny trening",
    exerciseCollection: "Zrób cały obwód",
    workoutCollection: "Zacznij plan już dziś",
  },
  tagline: {
    workout: (f) => `${plEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || plEx(1),
    exerciseCollection: (f) => `${plEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${plWk(f.weeks)} · ${plWo(f.workouts)}`,
  },
  tags: ["fitness", "trening", "ćwiczenia"],
  noEquipmentTag: "treningwdomu",
};
