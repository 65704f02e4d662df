import { createHash } from "node:crypto";
import type { CopyPack } from "@/db/schema";
import { DIFFICULTY_LABELS } from "@/db/reference/difficulty-labels";
import { type Locale, languageOf, pickText } from "@/server/core/locale";
import { COPY_PHRASES, type CopyFacts, type CopyLanguage } from "./copy-texts";
import { normalizeHashtag, shortenText } from "./presets";
import type { DropSourceFacts } from "./resolve-source";

/** Languages whose nouns are written with a capital letter inside a sentence. */
const CAPITALIZED_NOUNS = new Set(["de"]);

/** "Upper Back" -> "upper back", but acronyms such as "HIIT" stay as they are. */
const lowerInitials = (text: string) => text.replace(/\p{Lu}(?=\p{Ll})/gu, (c) => c.toLocaleLowerCase());

const MAX_HASHTAGS = 8;

/** A stable choice among `n` phrasings for this source, so the same drop reads the same way every time. */
function variantIndex(seed: string, n: number): number {
  return createHash("sha256").update(seed).digest().readUInt32LE(0) % n;
}

/** The facts in the words of one locale. */
export function localizedFacts(facts: DropSourceFacts, locale: Locale, language: string): CopyFacts {
  const inSentence = CAPITALIZED_NOUNS.has(language) ? (s: string) => s : lowerInitials;
  const muscles = facts.muscles.map((m) => inSentence(pickText(m.name, locale)));
  const categories = facts.categories.map((c) => inSentence(pickText(c.name, locale)));
  const level =
    facts.difficulty && facts.difficulty in DIFFICULTY_LABELS ? pickText(DIFFICULTY_LABELS[facts.difficulty as keyof typeof DIFFICULTY_LABELS], locale) : null;
  return {
    kind: facts.sourceType,
    name: pickText(facts.name, locale),
    focus: muscles.length ? muscles : categories.slice(0, 3),
    categories: categories.slice(0, 3),
    exercises: Math.max(1, facts.exerciseCount),
    minutes: Math.max(1, Math.round(facts.durationSeconds / 60)),
    weeks: Math.max(1, facts.weeks ?? 1),
    workouts: Math.max(1, facts.workoutCount ?? facts.exerciseCount),
    noEquipment: !facts.needsEquipment,
    level,
  };
}

/**
 * Writes a drop's copy from the source's facts without a model: hook, caption, call to action,
 * hashtags and the cover's tagline, in the locale's own language (every supported locale has a
 * hand-written phrase set, copy-texts/<language>.ts). Texts are generic here; each channel preset's limits
 * are applied on export (fitCopyPack).
 */
export function writeTemplateCopyPack(facts: DropSourceFacts, locale: Locale): { copyPack: CopyPack; writtenIn: Locale } {
  const language = languageOf(locale) as CopyLanguage;
  const phrases = COPY_PHRASES[language];
  const writtenIn = locale;
  const f = localizedFacts(facts, writtenIn, language);
  const hooks = phrases.hooks[f.kind];
  // "Your next 1 weeks" reads wrong in every language: a one-week plan takes the first phrasing.
  const hook = (f.kind === "workoutCollection" && f.weeks === 1 ? hooks[0]! : hooks[variantIndex(facts.sourceId, hooks.length)]!)(f);
  const tags = [
    phrases.tags[0]!,
    ...facts.categories.map((c) => pickText(c.name, writtenIn)),
    ...facts.muscles.slice(0, 1).map((m) => pickText(m.name, writtenIn)),
    ...(f.noEquipment ? [phrases.noEquipmentTag] : []),
    ...(f.name.length <= 24 ? [f.name] : []),
    ...phrases.tags.slice(1),
  ]
    .map((t) => normalizeHashtag(phrases.hashtagWordJoiner ? t.trim().replace(/\s+/g, phrases.hashtagWordJoiner) : t))
    .filter((t) => t.length >= 2 && t.length <= 30);
  return {
    writtenIn,
    copyPack: {
      hook,
      caption: phrases.caption[f.kind](f),
      hashtags: [...new Set(tags)].slice(0, MAX_HASHTAGS),
      cta: phrases.cta[f.kind],
      posterTagline: { primaryLine: shortenText(f.name, 40), secondaryLine: shortenText(phrases.tagline[f.kind](f), 40) },
    },
  };
}
