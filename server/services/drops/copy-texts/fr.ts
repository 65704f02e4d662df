import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// French (tu)
// ---------------------------------------------------------------------------------------------
const frEx = plural("exercice", "exercices");
const frMin = plural("minute", "minutes");
const frWk = plural("semaine", "semaines");
const frSe = plural("séance", "séances");
const frList = joinWith("et");
const frFocus = (f: CopyFacts) => (f.focus.length ? `Zones ciblées : ${frList(f.focus)}.` : null);
const frEquip = (f: CopyFacts) => (f.noEquipment ? "Aucun équipement nécessaire." : "Prépare ton matériel.");
export const FR: CopyPhrases = {
  list: frList,
  hooks: {
    workout: [
      (f) => `${frMin(f.minutes)}. ${frEx(f.exercises)}. C'est parti.`,
      (f) => `Pas le temps ? ${frMin(f.minutes)} ${f.minutes === 1 ? "suffit" : "suffisent"}.`,
      (f) => `Ta séance du jour : ${f.name}.`,
    ],
    exercise: [(f) => `${f.name} : la bonne technique.`, () => "Un seul exercice, un vrai effet."],
    exerciseCollection: [(f) => `${frEx(f.exercises)} enchaînés : ${f.name}.`, (f) => `${frEx(f.exercises)} sans pause. On y va ?`],
    workoutCollection: [(f) => `${frWk(f.weeks)}. Un programme. Ton objectif.`, (f) => `Tes ${frWk(f.weeks)} à venir sont déjà planifiées.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name} : ${frEx(f.exercises)} en ${frMin(f.minutes)} environ.`,
        frFocus(f),
        frEquip(f),
        f.level && `Niveau : ${f.level}.`,
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zones ciblées : ${frList(f.focus)}.` : `${f.name}.`,
        "Soigne la technique : mieux vaut lent et contrôlé que rapide et bâclé.",
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name} : ${frEx(f.exercises)} enchaînés, environ ${frMin(f.minutes)}.`,
        frFocus(f),
        frEquip(f),
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name} : ${frWk(f.weeks)}, ${frSe(f.workouts)}, un programme clair.`,
        f.categories.length > 0 && `Axes principaux : ${frList(f.categories)}.`,
        "Commence aujourd'hui et avance semaine après semaine.",
      ),
  },
  cta: {
    workout: "Fais la séance complète",
    exercise: "Garde-le pour ta prochaine séance",
    exerciseCollection: "Fais l'enchaînement complet",
    workoutCollection: "Commence le programme dès aujourd'hui",
  },
  tagline: {
    workout: (f) => `${frEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || frEx(1),
    exerciseCollection: (f) => `${frEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${frWk(f.weeks)} · ${frSe(f.workouts)}`,
  },
  tags: ["fitness", "entrainement", "sport"],
  noEquipmentTag: "sansmateriel",
};
