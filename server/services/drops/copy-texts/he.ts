import { type CopyFacts, type CopyPhrases, hebrewCount, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Hebrew (plural imperative, as Israeli fitness brands address their audience)
// ---------------------------------------------------------------------------------------------
const heEx = hebrewCount("תרגיל אחד", "תרגילים");
const heMin = hebrewCount("דקה אחת", "דקות");
const heWk = hebrewCount("שבוע אחד", "שבועות", "שבועיים");
const heWo = hebrewCount("אימון אחד", "אימונים");
/** "A, B וC": the conjunction is a prefix of the last item (ו- before a digit or a Latin word). */
const heList = (items: string[]) => {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  return `${items.slice(0, -1).join(", ")} ${/^[\u05D0-\u05EA]/.test(last) ? "ו" : "ו-"}${last}`;
};
const heFocus = (f: CopyFacts) => (f.focus.length ? `בפוקוס: ${heList(f.focus)}.` : null);
const heEquip = (f: CopyFacts) => (f.noEquipment ? "לא צריך ציוד." : "הכינו את הציוד מראש.");
export const HE: CopyPhrases = {
  list: heList,
  hooks: {
    workout: [
      (f) => `${heMin(f.minutes)}. ${heEx(f.exercises)}. יוצאים לדרך!`,
      (f) => `אין זמן? ${heMin(f.minutes)} ${f.minutes === 1 ? "מספיקה" : "מספיקות"}.`,
      (f) => `האימון של היום: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: ככה עושים את זה נכון.`, () => "תרגיל אחד. אפקט מלא."],
    exerciseCollection: [(f) => `${heEx(f.exercises)} ברצף: ${f.name}.`, (f) => `${heEx(f.exercises)} בלי הפסקה. אתם בפנים?`],
    workoutCollection: [
      (f) => `${heWk(f.weeks)}. תוכנית אחת. המטרה שלכם.`,
      (f) => `התוכנית ${f.weeks === 2 ? "לשבועיים" : `ל-${heWk(f.weeks)}`} כבר מוכנה.`,
    ],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${heEx(f.exercises)}, בערך ${heMin(f.minutes)}.`,
        heFocus(f),
        heEquip(f),
        f.level && `רמה: ${f.level}.`,
        "שמרו את הסרטון לאימון הבא.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – בפוקוס: ${heList(f.focus)}.` : `${f.name}.`,
        "הקפידו על טכניקה: עדיף לאט ובשליטה מאשר מהר וברישול.",
        "שמרו את הסרטון לאימון הבא.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${heEx(f.exercises)} ברצף, בערך ${heMin(f.minutes)}.`, heFocus(f), heEquip(f), "שמרו את הסרטון לאימון הבא."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${heWk(f.weeks)}, ${heWo(f.workouts)}, תוכנית אחת ברורה.`,
        f.categories.length > 0 && `דגשים: ${heList(f.categories)}.`,
        "התחילו היום והתקדמו שבוע אחרי שבוע.",
      ),
  },
  cta: {
    workout: "נסו את האימון המלא",
    exercise: "שמרו לאימון הבא",
    exerciseCollection: "נסו את הסבב המלא",
    workoutCollection: "התחילו את התוכנית היום",
  },
  tagline: {
    workout: (f) => `${heEx(f.exercises)} · ${heMin(f.minutes)}`,
    exercise: (f) => taglineOf(f.focus) || heEx(1),
    exerciseCollection: (f) => `${heEx(f.exercises)} · ${heMin(f.minutes)}`,
    workoutCollection: (f) => `${heWk(f.weeks)} · ${heWo(f.workouts)}`,
  },
  tags: ["כושר", "אימון", "ספורט"],
  noEquipmentTag: "אימון_בבית",
  hashtagWordJoiner: "_",
};
