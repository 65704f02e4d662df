import { type CopyFacts, type CopyPhrases, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Spanish (tú)
// ---------------------------------------------------------------------------------------------
const esEx = plural("ejercicio", "ejercicios");
const esMin = plural("minuto", "minutos");
const esWk = plural("semana", "semanas");
const esWo = plural("entrenamiento", "entrenamientos");
/** "y" becomes "e" before a word that starts with the sound /i/ (i-, hi-, but not hie-). */
const esList = (items: string[]) => {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  const and = /^(i|hi)(?!e)/i.test(last) ? "e" : "y";
  return `${items.slice(0, -1).join(", ")} ${and} ${last}`;
};
const esFocus = (f: CopyFacts) => (f.focus.length ? `Zonas trabajadas: ${esList(f.focus)}.` : null);
const esEquip = (f: CopyFacts) => (f.noEquipment ? "No necesitas material." : "Ten tu material a mano.");
export const ES: CopyPhrases = {
  list: esList,
  hooks: {
    workout: [
      (f) => `${esMin(f.minutes)}. ${esEx(f.exercises)}. ¡Vamos!`,
      (f) => `¿Poco tiempo? Te ${f.minutes === 1 ? "basta" : "bastan"} ${esMin(f.minutes)}.`,
      (f) => `Tu entrenamiento de hoy: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: la técnica correcta.`, () => "Un solo ejercicio, todo el efecto."],
    exerciseCollection: [(f) => `${esEx(f.exercises)} seguidos: ${f.name}.`, (f) => `${esEx(f.exercises)} sin parar. ¿Te animas?`],
    workoutCollection: [(f) => `${esWk(f.weeks)}. Un plan. Tu meta.`, (f) => `Tus próximas ${esWk(f.weeks)}, ya planificadas.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${esEx(f.exercises)} en unos ${esMin(f.minutes)}.`,
        esFocus(f),
        esEquip(f),
        f.level && `Nivel: ${f.level}.`,
        "Guárdalo para tu próximo entrenamiento.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zonas trabajadas: ${esList(f.focus)}.` : `${f.name}.`,
        "Cuida la técnica: mejor lento y controlado que rápido y descuidado.",
        "Guárdalo para tu próximo entrenamiento.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${esEx(f.exercises)} seguidos, unos ${esMin(f.minutes)}.`, esFocus(f), esEquip(f), "Guárdalo para tu próximo entrenamiento."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${esWk(f.weeks)}, ${esWo(f.workouts)}, un plan claro.`,
        f.categories.length > 0 && `Enfoque: ${esList(f.categories)}.`,
        "Empieza hoy y avanza semana a semana.",
      ),
  },
  cta: {
    workout: "Haz el entrenamiento completo",
    exercise: "Guárdalo para tu próximo entrenamiento",
    exerciseCollection: "Haz el circuito completo",
    workoutCollection: "Empieza el plan hoy",
  },
  tagline: {
    workout: (f) => `${esEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || esEx(1),
    exerciseCollection: (f) => `${esEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${esWk(f.weeks)} · ${esWo(f.workouts)}`,
  },
  tags: ["fitness", "entrenamiento", "ejercicio"],
  noEquipmentTag: "sinmaterial",
};
