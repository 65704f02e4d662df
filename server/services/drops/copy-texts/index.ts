import type { Locale } from "@/server/core/locale";
import { EN } from "./en";
import { DE } from "./de";
import { FR } from "./fr";
import { ES } from "./es";
import { IT } from "./it";
import { PT } from "./pt";
import { NL } from "./nl";
import { SV } from "./sv";
import { NB } from "./nb";
import { PL } from "./pl";
import { CS } from "./cs";
import { RO } from "./ro";
import { FI } from "./fi";
import { LT } from "./lt";
import { HE } from "./he";
import { AR } from "./ar";
import type { CopyPhrases } from "./phrases";

export { arabicCount, czechCount, hebrewCount, lithuanianCount, polishCount, romanianCount, type CopyFacts, type CopyPhrases } from "./phrases";

/**
 * The deterministic copy writer's phrases: one hand-written set per language of the supported
 * locales, each in its own file (en.ts, de.ts, ...), built from phrases.ts.
 */

type LanguageOf<T> = T extends `${infer L}-${string}` ? L : never;
/** The languages of the supported locales (en-US -> en, he-IL -> he, ...). */
export type CopyLanguage = LanguageOf<Locale>;

/** Phrase sets by language subtag: one for every language of the supported locales. */
export const COPY_PHRASES: Record<CopyLanguage, CopyPhrases> = {
  en: EN,
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  pt: PT,
  nl: NL,
  sv: SV,
  nb: NB,
  pl: PL,
  cs: CS,
  ro: RO,
  fi: FI,
  lt: LT,
  he: HE,
  ar: AR,
};
