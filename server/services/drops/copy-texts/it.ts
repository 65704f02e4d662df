import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Italian (tu)
// ---------------------------------------------------------------------------------------------
const itEx = plural("esercizio", "esercizi");
const itMin = plural("minuto", "minuti");
const itWk = plural("settimana", "settimane");
const itWo = plural("allenamento", "allenamenti");
const itList = joinWith("e");
const itFocus = (f: CopyFacts) => (f.focus.length ? `Muscoli coinvolti: ${itList(f.focus)}.` : null);
const itEquip = (f: CopyFacts) => (f.noEquipment ? "Nessuna attrezzatura necessaria." : "Tieni a portata di mano l'attrezzatura.");
export const IT: CopyPhrases = {
  list: itList,
  hooks: {
    workout: [
      (f) => `${itMin(f.minutes)}. ${itEx(f.exercises)}. Si parte.`,
      (f) => `Poco tempo? ${f.minutes === 1 ? "Basta" : "Bastano"} ${itMin(f.minutes)}.`,
      (f) => `Il tuo allenamento di oggi: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: la tecnica giusta.`, () => "Un solo esercizio, tutto l'effetto."],
    exerciseCollection: [(f) => `${itEx(f.exercises)} di fila: ${f.name}.`, (f) => `${itEx(f.exercises)} senza pause. Ci stai?`],
    workoutCollection: [(f) => `${itWk(f.weeks)}. Un programma. Il tuo obiettivo.`, (f) => `Le tue prossime ${itWk(f.weeks)}, già pianificate.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${itEx(f.exercises)} in circa ${itMin(f.minutes)}.`,
        itFocus(f),
        itEquip(f),
        f.level && `Livello: ${f.level}.`,
        "Salvalo per il tuo prossimo allenamento.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – muscoli coinvolti: ${itList(f.focus)}.` : `${f.name}.`,
        "Cura la tecnica: meglio lento e controllato che veloce e approssimativo.",
        "Salvalo per il tuo prossimo allenamento.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${itEx(f.exercises)} di fila, circa ${itMin(f.minutes)}.`, itFocus(f), itEquip(f), "Salvalo per il tuo prossimo allenamento."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${itWk(f.weeks)}, ${itWo(f.workouts)}, un programma chiaro.`,
        f.categories.length > 0 && `Obiettivi: ${itList(f.categories)}.`,
        "Inizia oggi e procedi settimana dopo settimana.",
      ),
  },
  cta: {
    workout: "Fai l'allenamento completo",
    exercise: "Salvalo per il prossimo allenamento",
    exerciseCollection: "Fai il circuito completo",
    workoutCollection: "Inizia il programma oggi",
  },
  tagline: {
    workout: (f) => `${itEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || itEx(1),
    exerciseCollection: (f) => `${itEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${itWk(f.weeks)} · ${itWo(f.workouts)}`,
  },
  tags: ["fitness", "allenamento", "workout"],
  noEquipmentTag: "senzaattrezzi",
};
