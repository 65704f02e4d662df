import { describe, expect, it } from "vitest";
import { CATEGORIES, MUSCLE_GROUPS } from "@/db/seed/data/reference";
import type { DropSourceType } from "@/db/schema";
import { SUPPORTED_LOCALES } from "@/server/api/locale";
import { arabicCount, czechCount, hebrewCount, lithuanianCount, polishCount, romanianCount } from "./copy-texts";
import { writeTemplateCopyPack } from "./copy-writer";
import { fontCovers } from "./font-coverage";
import { coverText } from "./render-cover";
import { CHANNEL_PRESETS, CHANNEL_PRESET_SPECS, charCount, composePostText, fitCopyPack } from "./presets";
import type { DropSourceFacts } from "./resolve-source";

const muscle = (key: string) => ({ key, name: MUSCLE_GROUPS.find((m) => m.key === key)!.name });
const category = (key: string) => ({ key, name: CATEGORIES.find((c) => c.key === key)!.name });

function facts(sourceType: DropSourceType, over: Partial<DropSourceFacts> = {}): DropSourceFacts {
  return {
    sourceType,
    sourceId: "65f1c0ffee0123456789abcd",
    name: { "en-US": "Morning Mobility", "de-DE": "Morgen-Mobility", "fr-FR": "Mobilité du matin", "es-ES": "Movilidad matinal" },
    thumbnailKey: null,
    clips: [{ key: "seed/clips/squat.mp4", seconds: 3 }],
    categories: [category("mobility"), category("recovery")],
    muscles: [muscle("hip-flexors"), muscle("hamstrings"), muscle("lower-back")],
    exerciseCount: 6,
    durationSeconds: 14 * 60,
    difficulty: "beginner",
    needsEquipment: false,
    ...(sourceType === "workoutCollection" ? { weeks: 4, workoutCount: 12 } : {}),
    ...over,
  };
}

const SOURCE_TYPES: DropSourceType[] = ["exercise", "exerciseCollection", "workout", "workoutCollection"];

describe("the built-in copy writer", () => {
  it("writes natural copy in English, German, French and Spanish", () => {
    const en = writeTemplateCopyPack(facts("workout"), "en-US").copyPack;
    expect(en.caption).toBe(
      "Morning Mobility: 6 exercises in about 14 minutes. Focus: hip flexors, hamstrings and lower back. No equipment needed. Level: Beginner. Save this for your next session.",
    );
    expect(en.cta).toBe("Try the full workout");
    expect(en.posterTagline).toEqual({ primaryLine: "Morning Mobility", secondaryLine: "6 exercises · 14 min" });
    expect(en.hashtags).toEqual(["fitness", "mobility", "recovery", "hipflexors", "homeworkout", "morningmobility", "workout", "training"]);

    const de = writeTemplateCopyPack(facts("workout"), "de-DE").copyPack;
    expect(de.caption).toBe(
      "Morgen-Mobility: 6 Übungen in rund 14 Minuten. Im Fokus: Hüftbeuger, Beinbeuger und Unterer Rücken. Kein Equipment nötig. Level: Anfänger. Speichern und beim nächsten Training ausprobieren.",
    );
    const fr = writeTemplateCopyPack(facts("exerciseCollection"), "fr-FR").copyPack;
    expect(fr.caption).toBe(
      "Mobilité du matin : 6 exercices enchaînés, environ 14 minutes. Zones ciblées : fléchisseurs de hanche, ischio-jambiers et bas du dos. Aucun équipement nécessaire. Enregistre cette vidéo pour ta prochaine séance.",
    );
    const es = writeTemplateCopyPack(facts("workoutCollection"), "es-ES").copyPack;
    expect(es.caption).toBe(
      "Movilidad matinal: 4 semanas, 12 entrenamientos, un plan claro. Enfoque: movilidad y recuperación. Empieza hoy y avanza semana a semana.",
    );
    expect(es.posterTagline.secondaryLine).toBe("4 semanas · 12 entrenamientos");
    const one = writeTemplateCopyPack(facts("workout", { exerciseCount: 1, durationSeconds: 60 }), "en-US").copyPack;
    expect(one.caption).toContain("1 exercise in about 1 minute.");
    expect(writeTemplateCopyPack(facts("exercise", { muscles: [muscle("hip-flexors"), muscle("hamstrings")] }), "es-ES").copyPack.caption).toContain(
      "flexores de cadera e isquiotibiales",
    );
  });

  it("writes every supported locale in its own language: no locale falls back to English", () => {
    const english = writeTemplateCopyPack(facts("workout"), "en-US").copyPack;
    for (const locale of SUPPORTED_LOCALES) {
      for (const sourceType of SOURCE_TYPES) {
        const { writtenIn, copyPack } = writeTemplateCopyPack(facts(sourceType), locale);
        expect(writtenIn, locale).toBe(locale);
        if (!locale.startsWith("en-") && sourceType === "workout") {
          expect(copyPack.caption, locale).not.toBe(english.caption);
          expect(copyPack.cta, locale).not.toBe(english.cta);
        }
      }
    }
    // Right-to-left languages are written in their own script (names of English sources stay as they are).
    const hebrew = writeTemplateCopyPack(facts("workout"), "he-IL").copyPack;
    const arabic = writeTemplateCopyPack(facts("workout"), "ar-XA").copyPack;
    expect(hebrew.caption.replace("Morning Mobility", "")).toMatch(/^[\u0590-\u05FF\s\d.,:·–-]+$/u);
    expect(arabic.caption.replace("Morning Mobility", "")).toMatch(/^[\u0600-\u06FF\s\d.،:·–-]+$/u);
  });

  it("writes natural copy in Polish, Czech, Romanian, Finnish, Lithuanian, Hebrew and Arabic", () => {
    const caption = (locale: (typeof SUPPORTED_LOCALES)[number], type: DropSourceType) => writeTemplateCopyPack(facts(type), locale).copyPack.caption;
    expect(caption("pl-PL", "workout")).toBe(
      "Morning Mobility: 6 ćwiczeń, ok. 14 min. W centrum uwagi: zginacze bioder, mięśnie dwugłowe uda i dolna część pleców. Nie potrzebujesz sprzętu. Poziom: Początkujący. Zapisz na następny trening.",
    );
    expect(caption("cs-CZ", "exerciseCollection")).toBe(
      "Morning Mobility: 6 cviků v kuse, zhruba 14 min. Zaměření: flexory kyčle, zadní stehenní svaly a spodní část zad. Žádné vybavení nepotřebuješ. Ulož si to na příští trénink.",
    );
    expect(caption("ro-RO", "workout")).toBe(
      "Morning Mobility: 6 exerciții în aproximativ 14 minute. Zone lucrate: flexori ai șoldului, ischiogambieri și zona lombară. Nu ai nevoie de echipament. Nivel: Începător. Salvează-l pentru următorul antrenament.",
    );
    expect(caption("fi-FI", "workoutCollection")).toBe(
      "Morning Mobility: 4 viikkoa, 12 treeniä, yksi selkeä suunnitelma. Painopisteet: liikkuvuus ja palautuminen. Aloita tänään ja etene viikko kerrallaan.",
    );
    expect(caption("lt-LT", "workoutCollection")).toBe(
      "Morning Mobility: 4 savaitės, 12 treniruočių, aiškus planas. Akcentai: judrumas ir atsigavimas. Pradėk šiandien ir judėk savaitė po savaitės.",
    );
    expect(caption("he-IL", "workout")).toBe(
      "Morning Mobility: 6 תרגילים, בערך 14 דקות. בפוקוס: מכופפי הירך, שרירי הירך האחוריים וגב תחתון. לא צריך ציוד. רמה: מתחיל. שמרו את הסרטון לאימון הבא.",
    );
    expect(caption("ar-XA", "workout")).toBe(
      "Morning Mobility: 6 تمارين، المدة: 14 دقيقة تقريبًا. التركيز: العضلات المثنية للورك، العضلات الخلفية للفخذ وأسفل الظهر. لا تحتاج إلى أي معدات. المستوى: مبتدئ. احفظ الفيديو لتمرينك القادم.",
    );
    // Hashtags keep Hebrew and Arabic words apart with "_", as they are written there.
    expect(writeTemplateCopyPack(facts("workout"), "he-IL").copyPack.hashtags).toEqual([
      "כושר",
      "ניידות",
      "התאוששות",
      "מכופפי_הירך",
      "אימון_בבית",
      "morning_mobility",
      "אימון",
      "ספורט",
    ]);
    expect(writeTemplateCopyPack(facts("workout"), "ar-XA").copyPack.hashtags.slice(0, 5)).toEqual([
      "لياقة_بدنية",
      "المرونة_الحركية",
      "التعافي",
      "العضلات_المثنية_للورك",
      "تمارين_منزلية",
    ]);
    expect(writeTemplateCopyPack(facts("workout"), "pl-PL").copyPack.hashtags.slice(0, 4)).toEqual(["fitness", "mobilność", "regeneracja", "zginaczebioder"]);
    // The verb agrees with the count, and one-week plans never read "1 weeks".
    expect(writeTemplateCopyPack(facts("workout", { sourceId: "000000000000000000000001", durationSeconds: 3 * 60 }), "pl-PL").copyPack.hook).toMatch(
      /^(3 minuty\. 6 ćwiczeń\. Zaczynamy!|Mało czasu\? Wystarczą 3 minuty\.|Twój trening na dziś: Morning Mobility\.)$/,
    );
    for (const locale of ["pl-PL", "cs-CZ", "ro-RO", "fi-FI", "lt-LT", "he-IL", "ar-XA"] as const) {
      const hook = writeTemplateCopyPack(facts("workoutCollection", { weeks: 1 }), locale).copyPack.hook;
      expect(hook, locale).toBe(
        { "pl-PL": "1 tydzień. Jeden plan. Twój cel.", "cs-CZ": "1 týden. Jeden plán. Tvůj cíl.", "ro-RO": "1 săptămână. Un plan. Obiectivul tău.", "fi-FI": "1 viikko. Yksi suunnitelma. Sinun tavoitteesi.", "lt-LT": "1 savaitė. Vienas planas. Tavo tikslas.", "he-IL": "שבוע אחד. תוכנית אחת. המטרה שלכם.", "ar-XA": "أسبوع واحد. خطة واحدة. هدفك." }[locale],
      );
    }
  });

  it("counts in each language's plural forms", () => {
    const pl = polishCount("minuta", "minuty", "minut");
    expect([1, 2, 4, 5, 12, 14, 21, 22, 25, 104, 112].map(pl)).toEqual([
      "1 minuta", "2 minuty", "4 minuty", "5 minut", "12 minut", "14 minut", "21 minut", "22 minuty", "25 minut", "104 minuty", "112 minut",
    ]);
    const cs = czechCount("cvik", "cviky", "cviků");
    expect([1, 2, 4, 5, 22].map(cs)).toEqual(["1 cvik", "2 cviky", "4 cviky", "5 cviků", "22 cviků"]);
    const lt = lithuanianCount("minutė", "minutės", "minučių");
    expect([1, 2, 9, 10, 11, 15, 21, 22, 30, 111].map(lt)).toEqual([
      "1 minutė", "2 minutės", "9 minutės", "10 minučių", "11 minučių", "15 minučių", "21 minutė", "22 minutės", "30 minučių", "111 minučių",
    ]);
    const ro = romanianCount("minut", "minute");
    expect([1, 2, 19, 20, 45, 101, 120].map(ro)).toEqual(["1 minut", "2 minute", "19 minute", "20 de minute", "45 de minute", "101 minute", "120 de minute"]);
    const he = hebrewCount("שבוע אחד", "שבועות", "שבועיים");
    expect([1, 2, 3, 12].map(he)).toEqual(["שבוע אחד", "שבועיים", "3 שבועות", "12 שבועות"]);
    const ar = arabicCount({ one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة", other: "دقيقة" });
    expect([1, 2, 3, 10, 11, 14, 99, 100, 103, 111].map(ar)).toEqual([
      "دقيقة واحدة", "دقيقتان", "3 دقائق", "10 دقائق", "11 دقيقة", "14 دقيقة", "99 دقيقة", "100 دقيقة", "103 دقائق", "111 دقيقة",
    ]);
  });

  it("covers show the own lines where the bundled font draws them; Hebrew and Arabic covers show the English lines", () => {
    const en = writeTemplateCopyPack(facts("workout"), "en-US").copyPack.posterTagline;
    const fallback = { title: "Morning Mobility", ...en };
    for (const locale of SUPPORTED_LOCALES) {
      const own = writeTemplateCopyPack(facts("workout"), locale).copyPack.posterTagline;
      const shown = coverText({ title: "Morning Mobility", ...own }, fallback);
      const rtl = locale === "he-IL" || locale === "ar-XA";
      expect(fontCovers(own.secondaryLine), locale).toBe(!rtl);
      expect(shown.secondaryLine, locale).toBe(rtl ? en.secondaryLine : own.secondaryLine);
    }
  });

  it("respects every channel preset's limits in every supported locale and for every source", () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const sourceType of SOURCE_TYPES) {
        const { copyPack } = writeTemplateCopyPack(facts(sourceType), locale);
        expect(copyPack.hook.length).toBeGreaterThan(5);
        expect(copyPack.caption).toMatch(/[.!?]$/);
        for (const preset of CHANNEL_PRESETS) {
          const spec = CHANNEL_PRESET_SPECS[preset];
          const fitted = fitCopyPack(copyPack, preset);
          const where = `${locale} ${sourceType} ${preset}`;
          expect(charCount(composePostText(fitted)), where).toBeLessThanOrEqual(spec.captionMaxLength);
          expect(fitted.hashtags.length, where).toBeLessThanOrEqual(spec.hashtagMax);
          expect(charCount(fitted.hook), where).toBeLessThanOrEqual(spec.hookMaxLength);
          expect(charCount(fitted.posterTagline.primaryLine), where).toBeLessThanOrEqual(40);
          expect(charCount(fitted.posterTagline.secondaryLine), where).toBeLessThanOrEqual(40);
          expect(fitted.caption.length, where).toBeGreaterThan(20);
        }
      }
    }
  });
});

describe("fitting copy to a preset", () => {
  const long = {
    hook: `${"A".repeat(20)} really long opening line that keeps going well past what a YouTube title may hold, on and on`,
    caption: Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} of a long caption.`).join(" "),
    hashtags: Array.from({ length: 40 }, (_, i) => `#Tag ${i}`).concat(["#tag 1"]),
    cta: "Tap the link in our bio to get the whole programme",
    posterTagline: { primaryLine: "A very long primary tagline line that overflows", secondaryLine: "Short" },
  };

  it("cuts captions at a sentence, caps hashtags (normalized, distinct) and keeps the post text within the limit", () => {
    const stories = fitCopyPack(long, "ig_stories");
    expect(charCount(composePostText(stories))).toBeLessThanOrEqual(200);
    expect(stories.caption).toMatch(/\.$/);
    expect(stories.caption.startsWith("Sentence number 1 of a long caption.")).toBe(true);
    expect(stories.hashtags.length).toBeLessThanOrEqual(10);
    const reels = fitCopyPack(long, "ig_reels");
    expect(reels.hashtags).toHaveLength(30);
    expect(reels.hashtags[0]).toBe("tag0");
    expect(new Set(reels.hashtags).size).toBe(30);
    expect(reels.caption).toBe(long.caption);
    const shorts = fitCopyPack(long, "yt_shorts");
    expect(charCount(shorts.hook)).toBeLessThanOrEqual(100);
    expect(shorts.hook.endsWith("…")).toBe(true);
    expect(shorts.posterTagline.primaryLine.length).toBeLessThanOrEqual(40);
  });
});
