import type { Db } from "@/db/client";
import { listReadyExports } from "@/db/queries/exports";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import { DEFAULT_LOCALE, type Locale, languageOf } from "@/server/core/locale";
import { signMediaUrl } from "@/server/media/signing";
import { loadExportPlan, resolveExportLocale } from "@/server/services/exports/export-plan";
import { findReadableWorkout } from "./get-workout";

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

/**
 * The presigned URL of a workout's rendered video or audio export, or 404 while there is none.
 * Only an export of the workout as it is now counts: after a change to its playlist, media or
 * voice-over the endpoints answer 404 ("still processing", as the contract says) until the new
 * version is rendered, never the previous one (whose signed URLs keep working until they expire).
 */
export async function getExportUrl(db: Db, caller: Caller, workoutId: string, kind: "video" | "audio", locale: string | undefined): Promise<string> {
  const workout = await findReadableWorkout(db, caller, workoutId);
  let requested: Locale | undefined;
  if (locale !== undefined) {
    const resolved = resolveExportLocale(locale);
    if (!resolved) throw notFound(`No ${kind} export exists for locale ${locale}.`);
    requested = resolved;
  }
  const preferred = resolveExportLocale(workout.trainerPreferredLocale ?? "") ?? DEFAULT_LOCALE;
  const [outcome, ready] = await Promise.all([loadExportPlan(db, workout.id), listReadyExports(db, workout.id, kind)]);
  const versions = "plan" in outcome ? outcome.plan.versions : {};
  const current = ready.filter((r) => versions[r.locale] === r.version);
  const chosen = selectExport(kind, current, requested, preferred);
  if (!chosen?.assetKey) {
    throw notFound(requested ? `The ${kind} export for ${requested} is not rendered yet.` : `The ${kind} export of this workout is not rendered yet.`);
  }
  return signMediaUrl(chosen.assetKey);
}
