import type { Db } from "@/db/client";
import { MAX_EXPORT_ATTEMPTS, listCurrentExportRows, recordExportCheck, supersedeExportLocales } from "@/db/queries/exports";
import { EXPORT_KINDS, type ExportKind } from "@/db/schema";
import type { JobEventData } from "@/server/jobs/events";
import type { JobIo } from "@/server/jobs/types";
import { BACKGROUND_NICE } from "@/server/media/render/video";
import { loadExportPlan } from "./export-plan";
import { type LocaleRenderResult, renderWorkoutExportLocale } from "./render-export";

export type ExportRequestReason = JobEventData<"workouts/content.changed">["reason"] | JobEventData<"workouts/exports.pending">["reason"];

interface PlanSummary {
  skip?: string;
  locales: string[];
  /** Locales whose video or audio is not ready at the current version. */
  pending: string[];
  /** Pending locales this run can work on: not claimed by another worker, attempts not used up. */
  workable: string[];
  /** When the inputs were read (a workout changed after this is checked again). */
  readAt: string;
}

async function summarize(db: Db, workoutId: string): Promise<PlanSummary> {
  const now = new Date();
  const readAt = now.toISOString();
  const outcome = await loadExportPlan(db, workoutId);
  if (!("plan" in outcome)) return { skip: outcome.skip, locales: [], pending: [], workable: [], readAt };
  const { plan } = outcome;
  const rows = await listCurrentExportRows(db, workoutId);
  const row = (locale: string, kind: ExportKind) => rows.find((r) => r.locale === locale && r.kind === kind && r.version === plan.versions[locale]);
  const ready = (locale: string, kind: ExportKind) => row(locale, kind)?.status === "ready";
  const open = (locale: string, kind: ExportKind) => {
    const r = row(locale, kind);
    if (!r) return true;
    if (r.status === "rendering") return !!r.leaseUntil && r.leaseUntil < now;
    if (r.status === "failed") return r.attempts < MAX_EXPORT_ATTEMPTS || r.updatedAt.getTime() < now.getTime() - 86_400_000;
    return r.status === "superseded";
  };
  const pending = plan.locales.filter((l) => !ready(l, "video") || !ready(l, "audio"));
  const workable = pending.filter((l) => EXPORT_KINDS.some((k) => !ready(l, k) && open(l, k)));
  return { locales: plan.locales, pending, workable, readAt };
}

/**
 * The export jobs for one workout (events `workouts/content.changed` and `workouts/exports.pending`).
 * Each run renders one locale, the trainer's preferred one first, and queues the next as
 * background work (`workouts/exports.pending`, reason `locales`): with many workouts waiting,
 * every workout gets its main export before any gets its fourth. When every locale is current,
 * exports of locales the workout no longer has are superseded and the check is recorded for the
 * sweep. Versions that are already ready cost one read: a rating or a rename never re-renders.
 */
export async function renderWorkoutExports(
  db: Db,
  io: JobIo,
  payload: { workoutId: string; reason: ExportRequestReason },
  opts: { nice: number } = { nice: BACKGROUND_NICE },
) {
  const { workoutId } = payload;
  const plan = await io.run("plan", () => summarize(db, workoutId));
  if (plan.skip) return { workoutId, skipped: plan.skip };
  const now = plan.workable.slice(0, 1);
  const results: LocaleRenderResult[] = [];
  for (const locale of now) {
    const result = await io.run(`render-${locale}`, () => renderWorkoutExportLocale(db, workoutId, locale, opts.nice));
    if (result) results.push(result);
  }
  // Locales another worker renders, or whose attempts are used up, are not queued again: that
  // worker, or the sweep, takes them on.
  const later = plan.workable.filter((l) => !now.includes(l));
  if (later.length) {
    await io.sendEvent("render-other-locales", { name: "workouts/exports.pending", data: { workoutId, reason: "locales" } });
    return { workoutId, rendered: results, queued: later };
  }
  const finished = await io.run("finish", async () => {
    const after = await summarize(db, workoutId);
    if (after.skip || after.pending.length) return { current: false, superseded: 0 };
    const superseded = await supersedeExportLocales(db, workoutId, after.locales);
    await recordExportCheck(db, workoutId, after.locales, new Date(plan.readAt));
    return { current: true, superseded };
  });
  return { workoutId, rendered: results, ...finished };
}
