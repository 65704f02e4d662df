/**
 * Locales of the contract. Reads fall back to English; Norwegian is stored as nb-NO and
 * `no`/`no-NO` alias to it on reads only (generate rejects `no`).
 */
export const SUPPORTED_LOCALES = [
  "en-US", "en-GB", "en-AU", "fr-FR", "de-DE", "es-ES", "it-IT", "pt-PT", "he-IL",
  "ro-RO", "cs-CZ", "fi-FI", "lt-LT", "nl-NL", "pl-PL", "ar-XA", "nb-NO", "sv-SE",
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

/** A text stored in several locales, keyed by BCP-47 tag. `en-US` is always present. */
export type LocalizedText = Partial<Record<Locale, string>> & { "en-US": string };

const SUPPORTED = new Set<string>(SUPPORTED_LOCALES);
const ALIASES: Record<string, Locale> = { no: "nb-NO", "no-no": "nb-NO", nb: "nb-NO" };

export function isSupportedLocale(value: string): value is Locale {
  return SUPPORTED.has(value);
}

/** Resolves a requested read locale: exact, case-insensitive, alias, else the default. */
export function resolveReadLocale(requested: string | undefined | null): Locale {
  if (!requested) return DEFAULT_LOCALE;
  if (SUPPORTED.has(requested)) return requested as Locale;
  const lower = requested.toLowerCase();
  if (ALIASES[lower]) return ALIASES[lower];
  for (const l of SUPPORTED_LOCALES) if (l.toLowerCase() === lower) return l;
  return DEFAULT_LOCALE;
}

/** The language part of a tag: `en` for `en-GB`. */
export function languageOf(tag: string): string {
  return tag.split("-")[0]!.toLowerCase();
}

/**
 * Picks the text for `locale` from a translation map: exact locale, then same language
 * (en-GB falls back to en-US), then English, then any value.
 */
export function pickText(map: Record<string, string> | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!map) return "";
  const exact = map[locale];
  if (exact) return exact;
  const lang = languageOf(locale);
  for (const [k, v] of Object.entries(map)) if (v && languageOf(k) === lang) return v;
  return map["en-US"] ?? map["en-GB"] ?? Object.values(map).find(Boolean) ?? "";
}

/** Like pickText but also reports which locale was selected after fallback. */
export function pickLocalized<T>(
  byLocale: Partial<Record<string, T>>,
  locale: Locale = DEFAULT_LOCALE,
): { locale: string; value: T } | null {
  if (byLocale[locale] !== undefined) return { locale, value: byLocale[locale] as T };
  const lang = languageOf(locale);
  for (const [k, v] of Object.entries(byLocale)) if (v !== undefined && languageOf(k) === lang) return { locale: k, value: v };
  for (const k of ["en-US", "en-GB", "en-AU"]) if (byLocale[k] !== undefined) return { locale: k, value: byLocale[k] as T };
  const first = Object.entries(byLocale).find(([, v]) => v !== undefined);
  return first ? { locale: first[0], value: first[1] as T } : null;
}
