import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// European Portuguese (tu)
// ---------------------------------------------------------------------------------------------
const ptEx = plural("exercício", "exercícios");
const ptMin = plural("minuto", "minutos");
const ptWk = plural("semana", "semanas");
const ptWo = plural("treino", "treinos");
const ptList = joinWith("e");
const ptFocus = (f: CopyFacts) => (f.focus.length ? `Músculos trabalhados: ${ptList(f.focus)}.` : null);
const ptEquip = (f: CopyFacts) => (f.noEquipment ? "Não precisas de material." : "Tem o teu material à mão.");
export const PT: CopyPhrases = {
  list: ptList,
  hooks: {
    workout: [
      (f) => `${ptMin(f.minutes)}. ${ptEx(f.exercises)}. Vamos lá.`,
      (f) => `Pouco tempo? ${f.minutes === 1 ? "Basta" : "Bastam"} ${ptMin(f.minutes)}.`,
      (f) => `O teu treino de hoje: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: a técnica certa.`, () => "Um só exercício, todo o efeito."],
    exerciseCollection: [(f) => `${ptEx(f.exercises)} seguidos: ${f.name}.`, (f) => `${ptEx(f.exercises)} sem parar. Alinhas?`],
    workoutCollection: [(f) => `${ptWk(f.weeks)}. Um plano. O teu objetivo.`, (f) => `As tuas próximas ${ptWk(f.weeks)}, já planeadas.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${ptEx(f.exercises)} em cerca de ${ptMin(f.minutes)}.`,
        ptFocus(f),
        ptEquip(f),
        f.level && `Nível: ${f.level}.`,
        "Guarda este vídeo para o teu próximo treino.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – músculos trabalhados: ${ptList(f.focus)}.` : `${f.name}.`,
        "Cuida da técnica: mais vale lento e controlado do que rápido e descuidado.",
        "Guarda este vídeo para o teu próximo treino.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${ptEx(f.exercises)} seguidos, cerca de ${ptMin(f.minutes)}.`,
        ptFocus(f),
        ptEquip(f),
        "Guarda este vídeo para o teu próximo treino.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${ptWk(f.weeks)}, ${ptWo(f.workouts)}, um plano claro.`,
        f.categories.length > 0 && `Foco: ${ptList(f.categories)}.`,
        "Começa hoje e avança semana a semana.",
      ),
  },
  cta: {
    workout: "Faz o treino completo",
    exercise: "Guarda-o para o próximo treino",
    exerciseCollection: "Faz o circuito completo",
    workoutCollection: "Começa o plano hoje",
  },
  tagline: {
    workout: (f) => `${ptEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || ptEx(1),
    exerciseCollection: (f) => `${ptEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${ptWk(f.weeks)} · ${ptWo(f.workouts)}`,
  },
  tags: ["fitness", "treino", "exercicio"],
  noEquipmentTag: "treinoemcasa",
};
