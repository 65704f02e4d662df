import { type CopyFacts, type CopyPhrases, joinWith, plural, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// German (du)
// ---------------------------------------------------------------------------------------------
const deEx = plural("Übung", "Übungen");
const deMin = plural("Minute", "Minuten");
const deWk = plural("Woche", "Wochen");
const deWo = plural("Trainingseinheit", "Trainingseinheiten");
const deList = joinWith("und");
const deFocus = (f: CopyFacts) => (f.focus.length ? `Im Fokus: ${deList(f.focus)}.` : null);
const deEquip = (f: CopyFacts) => (f.noEquipment ? "Kein Equipment nötig." : "Leg dein Equipment bereit.");
export const DE: CopyPhrases = {
  list: deList,
  hooks: {
    workout: [
      (f) => `${deMin(f.minutes)}. ${deEx(f.exercises)}. Los geht's.`,
      (f) => `Wenig Zeit? ${deMin(f.minutes)} ${f.minutes === 1 ? "reicht" : "reichen"}.`,
      (f) => `Dein Training für heute: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: so geht's richtig.`, () => "Eine Übung. Volle Wirkung."],
    exerciseCollection: [(f) => `${deEx(f.exercises)} am Stück: ${f.name}.`, (f) => `${deEx(f.exercises)} ohne Pause. Bist du dabei?`],
    workoutCollection: [(f) => `${deWk(f.weeks)}. Ein Plan. Dein Ziel.`, (f) => `Deine nächsten ${deWk(f.weeks)} sind schon geplant.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${deEx(f.exercises)} in rund ${deMin(f.minutes)}.`,
        deFocus(f),
        deEquip(f),
        f.level && `Level: ${f.level}.`,
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – im Fokus: ${deList(f.focus)}.` : `${f.name}.`,
        "Achte auf saubere Technik: lieber langsam und kontrolliert als schnell und schlampig.",
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${deEx(f.exercises)} am Stück, rund ${deMin(f.minutes)}.`,
        deFocus(f),
        deEquip(f),
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${deWk(f.weeks)}, ${deWo(f.workouts)}, ein klarer Plan.`,
        f.categories.length > 0 && `Schwerpunkte: ${deList(f.categories)}.`,
        "Starte heute und geh Woche für Woche weiter.",
      ),
  },
  cta: {
    workout: "Jetzt das ganze Training starten",
    exercise: "Für dein nächstes Training speichern",
    exerciseCollection: "Jetzt alle Übungen trainieren",
    workoutCollection: "Starte den Plan noch heute",
  },
  tagline: {
    workout: (f) => `${deEx(f.exercises)} · ${f.minutes} Min.`,
    exercise: (f) => taglineOf(f.focus) || deEx(1),
    exerciseCollection: (f) => `${deEx(f.exercises)} · ${f.minutes} Min.`,
    workoutCollection: (f) => `${deWk(f.weeks)} · ${plural("Einheit", "Einheiten")(f.workouts)}`,
  },
  tags: ["fitness", "training", "workout"],
  noEquipmentTag: "trainingzuhause",
};
