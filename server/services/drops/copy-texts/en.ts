import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// English (en-US, en-GB, en-AU)
// ---------------------------------------------------------------------------------------------
const enEx = plural("exercise", "exercises");
const enMin = plural("minute", "minutes");
const enWk = plural("week", "weeks");
const enWo = plural("workout", "workouts");
const enMoves = plural("move", "moves");
const enList = joinWith("and");
const enFocus = (f: CopyFacts) => (f.focus.length ? `Focus: ${enList(f.focus)}.` : null);
const enEquip = (f: CopyFacts) => (f.noEquipment ? "No equipment needed." : "Have your equipment ready.");
export const EN: CopyPhrases = {
  list: enList,
  hooks: {
    workout: [
      (f) => `${enMin(f.minutes)}. ${enMoves(f.exercises)}. Let's go.`,
      (f) => `Short on time? ${enMin(f.minutes)} is all it takes.`,
      (f) => `Today's session: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: get the form right.`, () => "One move. Full effect."],
    exerciseCollection: [(f) => `${enMoves(f.exercises)}, back to back: ${f.name}.`, (f) => `${enMoves(f.exercises)}, no breaks. You in?`],
    workoutCollection: [(f) => `${enWk(f.weeks)}. One plan. Your goal.`, (f) => `Your next ${enWk(f.weeks)}, already planned.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${enEx(f.exercises)} in about ${enMin(f.minutes)}.`,
        enFocus(f),
        enEquip(f),
        f.level && `Level: ${f.level}.`,
        "Save this for your next session.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – focus: ${enList(f.focus)}.` : `${f.name}.`,
        "Mind your form: slow and controlled beats fast and sloppy.",
        "Save this for your next session.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${enEx(f.exercises)} back to back, about ${enMin(f.minutes)}.`, enFocus(f), enEquip(f), "Save this for your next session."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${enWk(f.weeks)}, ${enWo(f.workouts)}, one clear plan.`,
        f.categories.length > 0 && `Focus: ${enList(f.categories)}.`,
        "Start today and take it week by week.",
      ),
  },
  cta: {
    workout: "Try the full workout",
    exercise: "Save it for your next session",
    exerciseCollection: "Try the full circuit",
    workoutCollection: "Start the plan today",
  },
  tagline: {
    workout: (f) => `${enEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || enEx(1),
    exerciseCollection: (f) => `${enEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${enWk(f.weeks)} · ${enWo(f.workouts)}`,
  },
  tags: ["fitness", "workout", "training"],
  noEquipmentTag: "homeworkout",
};
