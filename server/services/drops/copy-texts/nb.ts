import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Norwegian Bokmål (du)
// ---------------------------------------------------------------------------------------------
const nbEx = plural("øvelse", "øvelser");
const nbMin = plural("minutt", "minutter");
const nbWk = plural("uke", "uker");
const nbWo = plural("økt", "økter");
const nbList = joinWith("og");
const nbFocus = (f: CopyFacts) => (f.focus.length ? `Fokus: ${nbList(f.focus)}.` : null);
const nbEquip = (f: CopyFacts) => (f.noEquipment ? "Du trenger ikke utstyr." : "Ha utstyret klart.");
export const NB: CopyPhrases = {
  list: nbList,
  hooks: {
    workout: [(f) => `${nbMin(f.minutes)}. ${nbEx(f.exercises)}. Kjør!`, (f) => `Lite tid? ${nbMin(f.minutes)} holder.`, (f) => `Dagens økt: ${f.name}.`],
    exercise: [(f) => `${f.name}: slik gjør du det riktig.`, () => "Én øvelse, full effekt."],
    exerciseCollection: [(f) => `${nbEx(f.exercises)} på rad: ${f.name}.`, (f) => `${nbEx(f.exercises)} uten pause. Er du med?`],
    workoutCollection: [
      (f) => `${nbWk(f.weeks)}. Én plan. Ditt mål.`,
      (f) => (f.weeks === 1 ? "Neste uke er allerede planlagt." : `De neste ${f.weeks} ukene er allerede planlagt.`),
    ],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${nbEx(f.exercises)} på omtrent ${nbMin(f.minutes)}.`,
        nbFocus(f),
        nbEquip(f),
        f.level && `Nivå: ${f.level}.`,
        "Lagre den til neste økt.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – fokus: ${nbList(f.focus)}.` : `${f.name}.`,
        "Tenk på teknikken: heller rolig og kontrollert enn raskt og slurvete.",
        "Lagre den til neste økt.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${nbEx(f.exercises)} på rad, omtrent ${nbMin(f.minutes)}.`, nbFocus(f), nbEquip(f), "Lagre den til neste økt."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${nbWk(f.weeks)}, ${nbWo(f.workouts)}, én tydelig plan.`,
        f.categories.length > 0 && `Fokus: ${nbList(f.categories)}.`,
        "Start i dag og ta det uke for uke.",
      ),
  },
  cta: { workout: "Ta hele økten", exercise: "Lagre den til neste økt", exerciseCollection: "Ta hele runden", workoutCollection: "Start planen i dag" },
  tagline: {
    workout: (f) => `${nbEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || nbEx(1),
    exerciseCollection: (f) => `${nbEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${nbWk(f.weeks)} · ${nbWo(f.workouts)}`,
  },
  tags: ["trening", "fitness", "workout"],
  noEquipmentTag: "hjemmetrening",
};
