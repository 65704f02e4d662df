import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Swedish (du)
// ---------------------------------------------------------------------------------------------
const svEx = plural("övning", "övningar");
const svMin = plural("minut", "minuter");
const svWk = plural("vecka", "veckor");
const svWo = plural("pass", "pass");
const svList = joinWith("och");
const svFocus = (f: CopyFacts) => (f.focus.length ? `Fokus: ${svList(f.focus)}.` : null);
const svEquip = (f: CopyFacts) => (f.noEquipment ? "Ingen utrustning behövs." : "Ha din utrustning redo.");
export const SV: CopyPhrases = {
  list: svList,
  hooks: {
    workout: [(f) => `${svMin(f.minutes)}. ${svEx(f.exercises)}. Kör!`, (f) => `Ont om tid? ${svMin(f.minutes)} räcker.`, (f) => `Dagens pass: ${f.name}.`],
    exercise: [(f) => `${f.name}: så gör du rätt.`, () => "En övning, full effekt."],
    exerciseCollection: [(f) => `${svEx(f.exercises)} i följd: ${f.name}.`, (f) => `${svEx(f.exercises)} utan paus. Är du med?`],
    workoutCollection: [(f) => `${svWk(f.weeks)}. En plan. Ditt mål.`, (f) => `Dina kommande ${svWk(f.weeks)}, redan planerade.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${svEx(f.exercises)} på ungefär ${svMin(f.minutes)}.`,
        svFocus(f),
        svEquip(f),
        f.level && `Nivå: ${f.level}.`,
        "Spara det till ditt nästa pass.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – fokus: ${svList(f.focus)}.` : `${f.name}.`,
        "Tänk på tekniken: hellre långsamt och kontrollerat än snabbt och slarvigt.",
        "Spara det till ditt nästa pass.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${svEx(f.exercises)} i följd, ungefär ${svMin(f.minutes)}.`, svFocus(f), svEquip(f), "Spara det till ditt nästa pass."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${svWk(f.weeks)}, ${svWo(f.workouts)}, en tydlig plan.`,
        f.categories.length > 0 && `Fokus: ${svList(f.categories)}.`,
        "Börja i dag och ta det vecka för vecka.",
      ),
  },
  cta: { workout: "Kör hela passet", exercise: "Spara till ditt nästa pass", exerciseCollection: "Kör hela cirkeln", workoutCollection: "Börja planen i dag" },
  tagline: {
    workout: (f) => `${svEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || svEx(1),
    exerciseCollection: (f) => `${svEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${svWk(f.weeks)} · ${svWo(f.workouts)}`,
  },
  tags: ["träning", "fitness", "workout"],
  noEquipmentTag: "hemmaträning",
};
