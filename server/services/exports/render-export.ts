import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { type ExportClaim, claimExport, completeExport, extendExportClaim, failExport, findReusableExport } from "@/db/queries/exports";
import type { ExportKind } from "@/db/schema";
import { log } from "@/server/api/log";
import { renderAudio } from "@/server/media/render/audio";
import { localSource } from "@/server/media/render/cache";
import { BACKGROUND_NICE, buildVideo, muxExport, planVideo } from "@/server/media/render/video";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { readStoredStream } from "@/server/media/stored-streams";
import { type ExportPlan, loadExportPlan } from "./export-plan";
import { timeRender } from "@/server/observability/metrics";

/** How long a claim holds before another worker may take the render over (extended between stages). */
export const EXPORT_LEASE_SECONDS = 15 * 60;

const CONTENT_TYPE: Record<ExportKind, string> = { video: "video/mp4", audio: "audio/mp4" };
const EXTENSION: Record<ExportKind, string> = { video: "mp4", audio: "m4a" };

/** Where a claimed row's file is stored: unique per row, so a row never points at another row's file. */
export function exportAssetKey(workoutId: string, locale: string, kind: ExportKind, rowId: string): string {
  return `exports/${workoutId}/${locale}-${kind}-${rowId}.${EXTENSION[kind]}`;
}

export type LocaleRenderResult = {
  locale: string;
  version: string;
  /** Per kind: rendered, copied from an equal export, already ready or being rendered elsewhere. */
  video: "rendered" | "reused" | "current";
  audio: "rendered" | "reused" | "current";
  ms: number;
};

async function store(storage: MediaStorage, file: string, key: string, kind: ExportKind): Promise<number> {
  await storage.put(key, createReadStream(file), CONTENT_TYPE[kind]);
  return (await stat(file)).size;
}

async function copyStored(storage: MediaStorage, from: string, to: string, kind: ExportKind): Promise<number> {
  await storage.put(to, await readStoredStream(storage, from), CONTENT_TYPE[kind]);
  return (await storage.stat(to))?.size ?? 0;
}

/**
 * Renders (or confirms) the video and audio export of one locale at the workout's current
 * version. Each kind is claimed first (a row per version: a version that is ready, or rendering
 * elsewhere, is left alone); an equal export of any workout is copied instead of rendered; the
 * audio is stored as soon as it is encoded (the M4A is ready long before the MP4), and the MP4
 * reuses its sound. A file is written under its row's own key and the row becomes ready in one
 * statement after the file is complete; on failure the row is marked failed, the file removed and
 * the error rethrown for the job system to retry.
 */
export async function renderExportLocale(
  db: Db,
  plan: ExportPlan,
  locale: string,
  opts: { storage?: MediaStorage; nice?: number } = {},
): Promise<LocaleRenderResult> {
  const storage = opts.storage ?? getMediaStorage();
  const nice = opts.nice ?? BACKGROUND_NICE;
  const started = Date.now();
  const version = plan.versions[locale];
  if (!version) throw new Error(`${locale} is not an export locale of workout ${plan.workoutId}`);
  const claims: Partial<Record<ExportKind, ExportClaim>> = {};
  for (const kind of ["audio", "video"] as const) {
    const claim = await claimExport(db, { workoutId: plan.workoutId, kind, locale, version, leaseSeconds: EXPORT_LEASE_SECONDS });
    if (claim) claims[kind] = claim;
  }
  const outcome: LocaleRenderResult = { locale, version, video: "current", audio: "current", ms: 0 };
  if (!claims.audio && !claims.video) return { ...outcome, ms: Date.now() - started };

  const stored: string[] = [];
  const finish = async (kind: ExportKind, key: string, bytes: number, durationSeconds: number, how: "rendered" | "reused") => {
    const claim = claims[kind]!;
    // The row becomes ready and the workspace's webhooks hear of it (workout.export.ready) in one transaction.
    const completed = await db.transaction(async (tx) => {
      if (!(await completeExport(tx, claim, { assetKey: key, bytes, durationSeconds }))) return false;
      await enqueueWebhookEvent(tx, {
        organizationId: plan.organizationId,
        type: "workout.export.ready",
        data: { workoutId: plan.workoutId, exportId: claim.id, kind, locale, completedAt: new Date().toISOString() },
      });
      return true;
    });
    if (!completed) {
      // The claim was taken over (it outlived its lease): the other worker's file wins.
      await storage.delete(key).catch(() => {});
      throw new Error(`lost the claim on the ${kind} export of ${plan.workoutId} ${locale}`);
    }
    stored.splice(stored.indexOf(key), 1);
    delete claims[kind];
    outcome[kind] = how;
  };

  const work = await mkdtemp(path.join(os.tmpdir(), "forma-export-"));
  try {
    // Equal inputs were rendered before (another workout of a seeded library, a copy): copy the file.
    for (const kind of ["audio", "video"] as const) {
      const claim = claims[kind];
      const same = claim ? await findReusableExport(db, version, kind) : null;
      if (!claim || !same?.assetKey) continue;
      const key = exportAssetKey(plan.workoutId, locale, kind, claim.id);
      stored.push(key);
      const bytes = await copyStored(storage, same.assetKey, key, kind);
      await finish(kind, key, bytes, same.durationSeconds ?? plan.seconds, "reused");
    }
    if (!claims.audio && !claims.video) return { ...outcome, ms: Date.now() - started };

    const video = await planVideo(storage, plan.common.segments, nice);
    for (const c of Object.values(claims)) await extendExportClaim(db, c, EXPORT_LEASE_SECONDS);
    const seconds = video.frames / video.format.fps;
    // The picture is joined while the sound is mixed and encoded (two processes, two cores).
    const picture = claims.video ? buildVideo(video) : null;
    picture?.catch(() => {});

    let sound: string;
    const ready = claims.audio ? null : await findReusableExport(db, version, "audio");
    if (ready?.assetKey) sound = await localSource(storage, ready.assetKey);
    else {
      sound = path.join(work, "sound.m4a");
      await renderAudio(
        storage,
        { timeline: video.timeline, fps: video.format.fps, sounds: plan.common.segments.map((s) => s.sound), voices: plan.voices[locale]!, music: plan.common.music },
        work,
        sound,
        nice,
      );
    }
    if (claims.audio) {
      const key = exportAssetKey(plan.workoutId, locale, "audio", claims.audio.id);
      stored.push(key);
      await finish("audio", key, await store(storage, sound, key, "audio"), seconds, "rendered");
    }
    if (claims.video && picture) {
      const file = path.join(work, "export.mp4");
      await muxExport(await picture, sound, file, nice);
      const key = exportAssetKey(plan.workoutId, locale, "video", claims.video.id);
      stored.push(key);
      await finish("video", key, await store(storage, file, key, "video"), seconds, "rendered");
    }
    outcome.ms = Date.now() - started;
    log("info", "workout export rendered", { workoutId: plan.workoutId, locale, version, audio: outcome.audio, video: outcome.video, ms: outcome.ms });
    return outcome;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log("error", "workout export failed", { workoutId: plan.workoutId, locale, version, err: message });
    for (const key of stored) await storage.delete(key).catch(() => {});
    for (const claim of Object.values(claims)) await failExport(db, claim, message).catch(() => {});
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Loads the plan and renders one locale; null when the workout is no longer exported. */
export async function renderWorkoutExportLocale(db: Db, workoutId: string, locale: string, nice?: number): Promise<LocaleRenderResult | null> {
  const outcome = await loadExportPlan(db, workoutId);
  if (!("plan" in outcome) || !outcome.plan.versions[locale]) return null;
  const plan = outcome.plan;
  return timeRender("export", () => renderExportLocale(db, plan, locale, { nice }));
}
