import type { DropSourceType } from "@/db/schema";

/**
 * What every language's phrase set is made of (copy-texts/<language>.ts): the facts, the set's
 * shape and the helpers the sets share. The deterministic copy writer's phrases are one
 * hand-written set per language of the supported locales. Names, muscle groups and categories are put into "label: list" slots rather than into
 * running grammar, so no language needs case endings or articles it cannot get right; counts use
 * each language's plural forms in positions where the standalone form is correct.
 */
export interface CopyFacts {
  kind: DropSourceType;
  name: string;
  /** Localized muscle group names (at most three), or category names when no muscles are known. */
  focus: string[];
  categories: string[];
  exercises: number;
  minutes: number;
  weeks: number;
  workouts: number;
  noEquipment: boolean;
  /** Localized difficulty label, when the source has one. */
  level: string | null;
}

export interface CopyPhrases {
  /** "A, B and C" */
  list(items: string[]): string;
  hooks: Record<DropSourceType, ((f: CopyFacts) => string)[]>;
  caption: Record<DropSourceType, (f: CopyFacts) => string>;
  cta: Record<DropSourceType, string>;
  /** The cover's second line. */
  tagline: Record<DropSourceType, (f: CopyFacts) => string>;
  /** Everyday hashtags of the language, most general first. */
  tags: string[];
  noEquipmentTag: string;
  /**
   * What joins the words of a multi-word tag (a muscle group, a category). Latin-script tags run
   * the words together (#hipflexors); Hebrew and Arabic tags keep them apart with "_", as people
   * there write them (#אימון_בבית), since run-together words read as a different word.
   */
  hashtagWordJoiner?: string;
}

export type Plural = (n: number) => string;
export const plural =
  (one: string, many: string): Plural =>
  (n) =>
    `${n} ${n === 1 ? one : many}`;
/** Up to two items joined by " · ", only as many as fit the cover's 40 characters whole (never a cut-off name). */
export const taglineOf = (items: string[]) =>
  items.slice(0, 2).reduce((line, item) => {
    const next = line ? `${line} · ${item}` : item;
    return Array.from(next).length <= 40 || !line ? next : line;
  }, "");
export const sentence = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" ");
export const joinWith = (and: string) => (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`);

// ---------------------------------------------------------------------------------------------
// Counting words: languages whose nouns change with the number. Digits stay digits; the noun
// takes the form a native speaker writes after that digit in a standalone phrase ("6 cviků",
// "14 minuuttia"). Phrases below only put these counts where that standalone (nominative) form is
// right: at the start of a sentence, after a colon, or as a tagline.
// ---------------------------------------------------------------------------------------------

/** Polish: 1 minuta, 2-4 minuty (not 12-14), 5+ minut. */
export function polishCount(one: string, few: string, many: string): Plural {
  return (n) => `${n} ${n === 1 ? one : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? few : many}`;
}
/** Czech: 1 minuta, 2-4 minuty, 5+ (and 0) minut. */
export function czechCount(one: string, few: string, many: string): Plural {
  return (n) => `${n} ${n === 1 ? one : n >= 2 && n <= 4 ? few : many}`;
}
/** Lithuanian: 1, 21, 31 minutė; 2-9, 22-29 minutės; 10-20, 30, 40 minučių. */
export function lithuanianCount(one: string, few: string, many: string): Plural {
  return (n) => {
    const teen = n % 100 >= 11 && n % 100 <= 19;
    return `${n} ${!teen && n % 10 === 1 ? one : !teen && n % 10 >= 2 ? few : many}`;
  };
}
/** Romanian: 1 minut, 2-19 (and 101-119...) minute, 20+ "de minute". */
export function romanianCount(one: string, many: string): Plural {
  return (n) => (n === 1 ? `1 ${one}` : n === 0 || (n % 100 >= 1 && n % 100 <= 19) ? `${n} ${many}` : `${n} de ${many}`);
}
/** Finnish: 1 minuutti, otherwise the partitive (14 minuuttia). */
export const finnishCount = plural;
/** Hebrew: "דקה אחת" (the noun, then "one"), the dual where the language has one (שבועיים), else the digit and the plural. */
export function hebrewCount(one: string, many: string, two?: string): Plural {
  return (n) => (n === 1 ? one : n === 2 && two ? two : `${n} ${many}`);
}
/**
 * Arabic: "دقيقة واحدة", the dual "دقيقتان", 3-10 with the plural (5 دقائق), 11-99 with the
 * singular (14 دقيقة), 100 and on with the singular too; the hundreds follow the last two digits.
 */
export function arabicCount(forms: { one: string; two: string; few: string; many: string; other: string }): Plural {
  return (n) => {
    if (n === 1) return forms.one;
    if (n === 2) return forms.two;
    const r = n % 100;
    return `${n} ${r >= 3 && r <= 10 ? forms.few : r >= 11 ? forms.many : forms.other}`;
  };
}
