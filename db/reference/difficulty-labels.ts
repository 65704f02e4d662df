/**
 * Platform reference data the running service reads (the AI engine's and the drops' difficulty
 * words), beside the seed that writes the rest: every label a full translation into all 18
 * supported locales; `full` makes a missing locale a compile error (en-GB and en-AU default to the
 * en-US text unless British/Australian wording differs).
 */
import type { Locale, LocalizedText } from "../../server/core/locale";

type EnVariants = "en-GB" | "en-AU";
type FullInput = Omit<Record<Locale, string>, EnVariants> & Partial<Record<EnVariants, string>>;

/** A LocalizedText with every supported locale present. */
export type FullText = LocalizedText & Record<Locale, string>;

export function full(t: FullInput): FullText {
  return { ...t, "en-GB": t["en-GB"] ?? t["en-US"], "en-AU": t["en-AU"] ?? t["en-US"] };
}

export type Difficulty = "beginner" | "intermediate" | "advanced";
export const DIFFICULTIES: readonly Difficulty[] = ["beginner", "intermediate", "advanced"];

export const DIFFICULTY_LABELS: Record<Difficulty, LocalizedText> = {
  beginner: full({
    "en-US": "Beginner", "fr-FR": "Débutant", "de-DE": "Anfänger", "es-ES": "Principiante",
    "it-IT": "Principiante", "pt-PT": "Iniciante", "he-IL": "מתחיל", "ro-RO": "Începător",
    "cs-CZ": "Začátečník", "fi-FI": "Aloittelija", "lt-LT": "Pradedantysis", "nl-NL": "Beginner",
    "pl-PL": "Początkujący", "ar-XA": "مبتدئ", "nb-NO": "Nybegynner", "sv-SE": "Nybörjare",
  }),
  intermediate: full({
    "en-US": "Intermediate", "fr-FR": "Intermédiaire", "de-DE": "Mittelstufe", "es-ES": "Intermedio",
    "it-IT": "Intermedio", "pt-PT": "Intermédio", "he-IL": "בינוני", "ro-RO": "Intermediar",
    "cs-CZ": "Mírně pokročilý", "fi-FI": "Keskitaso", "lt-LT": "Vidutinis", "nl-NL": "Gemiddeld",
    "pl-PL": "Średniozaawansowany", "ar-XA": "متوسط", "nb-NO": "Middels", "sv-SE": "Medel",
  }),
  advanced: full({
    "en-US": "Advanced", "fr-FR": "Avancé", "de-DE": "Fortgeschritten", "es-ES": "Avanzado",
    "it-IT": "Avanzato", "pt-PT": "Avançado", "he-IL": "מתקדם", "ro-RO": "Avansat", "cs-CZ": "Pokročilý",
    "fi-FI": "Edistynyt", "lt-LT": "Pažengęs", "nl-NL": "Gevorderd", "pl-PL": "Zaawansowany",
    "ar-XA": "متقدم", "nb-NO": "Avansert", "sv-SE": "Avancerad",
  }),
};
