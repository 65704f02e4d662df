import { arabicCount, type CopyFacts, type CopyPhrases, sentence, taglineOf } from "./phrases";

// ---------------------------------------------------------------------------------------------
// Arabic (Modern Standard Arabic, addressing the reader in the singular, as ads do)
// ---------------------------------------------------------------------------------------------
const arEx = arabicCount({ one: "تمرين واحد", two: "تمرينان", few: "تمارين", many: "تمرينًا", other: "تمرين" });
const arMin = arabicCount({ one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة", other: "دقيقة" });
const arWk = arabicCount({ one: "أسبوع واحد", two: "أسبوعان", few: "أسابيع", many: "أسبوعًا", other: "أسبوع" });
const arWo = arabicCount({ one: "حصة واحدة", two: "حصتان", few: "حصص", many: "حصة", other: "حصة" });
/** "A، B وC": Arabic comma, and the conjunction joined to the last item. */
const arList = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join("، ")} و${items.at(-1)}`);
const arFocus = (f: CopyFacts) => (f.focus.length ? `التركيز: ${arList(f.focus)}.` : null);
const arEquip = (f: CopyFacts) => (f.noEquipment ? "لا تحتاج إلى أي معدات." : "جهّز معداتك مسبقًا.");
export const AR: CopyPhrases = {
  list: arList,
  hooks: {
    workout: [
      (f) => `${arMin(f.minutes)}. ${arEx(f.exercises)}. هيا بنا!`,
      (f) => `وقتك ضيق؟ كل ما تحتاجه ${arMin(f.minutes)}.`,
      (f) => `تمرينك لهذا اليوم: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: الأداء الصحيح.`, () => "تمرين واحد. فائدة كاملة."],
    exerciseCollection: [(f) => `${arEx(f.exercises)} بلا توقف: ${f.name}.`, (f) => `${arEx(f.exercises)} دون راحة. هل أنت مستعد؟`],
    workoutCollection: [(f) => `${arWk(f.weeks)}. خطة واحدة. هدفك.`, (f) => `خطتك جاهزة: ${arWk(f.weeks)}.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${arEx(f.exercises)}، المدة: ${arMin(f.minutes)} تقريبًا.`,
        arFocus(f),
        arEquip(f),
        f.level && `المستوى: ${f.level}.`,
        "احفظ الفيديو لتمرينك القادم.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – التركيز: ${arList(f.focus)}.` : `${f.name}.`,
        "اهتم بالأداء: البطء والتحكم أفضل من السرعة والعشوائية.",
        "احفظ الفيديو لتمرينك القادم.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${arEx(f.exercises)} بلا توقف، المدة: ${arMin(f.minutes)} تقريبًا.`, arFocus(f), arEquip(f), "احفظ الفيديو لتمرينك القادم."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${arWk(f.weeks)}، ${arWo(f.workouts)}، خطة واضحة.`,
        f.categories.length > 0 && `مجالات التركيز: ${arList(f.categories)}.`,
        "ابدأ اليوم وتقدّم أسبوعًا بعد أسبوع.",
      ),
  },
  cta: {
    workout: "جرّب التمرين كاملًا",
    exercise: "احفظه لتمرينك القادم",
    exerciseCollection: "جرّب الدائرة كاملة",
    workoutCollection: "ابدأ الخطة اليوم",
  },
  tagline: {
    workout: (f) => `${arEx(f.exercises)} · ${arMin(f.minutes)}`,
    exercise: (f) => taglineOf(f.focus) || arEx(1),
    exerciseCollection: (f) => `${arEx(f.exercises)} · ${arMin(f.minutes)}`,
    workoutCollection: (f) => `${arWk(f.weeks)} · ${arWo(f.workouts)}`,
  },
  tags: ["لياقة_بدنية", "تمارين", "رياضة"],
  noEquipmentTag: "تمارين_منزلية",
  hashtagWordJoiner: "_",
};
