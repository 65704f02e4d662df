import type { Db } from "@/db/client";
import { listReadyExports } from "@/db/queries/exports";
import type { Caller } from "@/server/api/auth";
import { notFound } from "@/server/api/errors";
import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES, isSupportedLocale, languageOf } from "@/server/api/locale";
import { signMediaUrl } from "@/server/media/signing";
import { findReadableWorkout } from "./get-workout";

const ALIASES: Record<string, Locale> = { no: "nb-NO", "no-no": "nb-NO", nb: "nb-NO" };

/**
 * Exports never fall back to English: a requested locale must be a supported one (exact,
 * case-insensitive or an alias such as `no`), otherwise nothing can have been rendered for it.
 */
export function resolveExportLocale(requested: string): Locale | null {
  if (isSupportedLocale(requested)) return requested;
  const lower = requested.toLowerCase();
  if (ALIASES[lower]) return ALIASES[lower];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower) ?? null;
}

interface ExportRow {
  locale: string;
  assetKey: string | null;
}

/**
 * Which finished export serves a request. Rows are newest first.
 * - video: no locale = the latest of any locale; a locale = exactly that locale.
 * - audio: the requested locale, or else the trainer's preferred one; exact first, then the
 *   newest of the same language (en-GB for en-US), never another language.
 */
export function selectExport<T extends ExportRow>(kind: "video" | "audio", rows: readonly T[], requested: Locale | undefined, preferred: Locale): T | null {
  if (kind === "video") return (requested ? rows.find((r) => r.locale === requested) : rows[0]) ?? null;
  const target = requested ?? preferred;
  return rows.find((r) => r.locale === target) ?? rows.find((r) => languageOf(r.locale) === languageOf(target)) ?? null;
}

/** The presigned URL of a workout's rendered video or audio export, or 404 while there is none. */
export async function getExportUrl(db: Db, caller: Caller, workoutId: string, kind: "video" | "audio", locale: string | undefined): Promise<string> {
  const workout = await findReadableWorkout(db, caller, workoutId);
  let requested: Locale | undefined;
  if (locale !== undefined) {
    const resolved = resolveExportLocale(locale);
    if (!resolved) throw notFound(`No ${kind} export exists for locale ${locale}.`);
    requested = resolved;
  }
  const preferred = resolveExportLocale(workout.trainerPreferredLocale ?? "") ?? DEFAULT_LOCALE;
  const chosen = selectExport(kind, await listReadyExports(db, workout.id, kind), requested, preferred);
  if (!chosen?.assetKey) {
    throw notFound(requested ? `The ${kind} export for ${requested} is not rendered yet.` : `The ${kind} export of this workout is not rendered yet.`);
  }
  return signMediaUrl(chosen.assetKey);
}
