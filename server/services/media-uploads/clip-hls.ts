import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { findVideoAssetById } from "@/db/queries/video-assets";
import { findVideoHls, listUnpackagedLongClips, markVideoHlsFailed, markVideoHlsReady } from "@/db/queries/video-hls";
import { log } from "@/server/core/log";
import { sendJobEventSafely } from "@/server/jobs";
import { readMp4Tracks } from "@/server/media/mp4";
import { localSource } from "@/server/media/render/cache";
import type { RenderSegment } from "@/server/media/render/timeline";
import { visualId } from "@/server/media/render/timeline";
import { BACKGROUND_NICE, type VideoPlan, planVideo } from "@/server/media/render/video";
import { type MediaStat, type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { clearPlaylistCache } from "@/server/services/content/get-playlist";
import { masterKey, storeExportHls } from "@/server/services/exports/export-hls";

/**
 * Adaptive streaming of long clips. A clip of at least LONG_CLIP_SECONDS (class videos, long
 * educational or promo clips, long uploads) is packaged once as HLS, exactly like a workout export
 * (export-hls.ts, render/hls.ts): the clip's own size as the top rendition plus two smaller ones,
 * all from one decode, with key frames aligned across renditions, the clip's own sound as the audio
 * rendition, fMP4 (CMAF) segments of about 4 seconds; playlists are stored with relative URIs and
 * signed when served (/media/{key}). Playlists then carry the master as `video.hlsUrl` next to the
 * progressive `url`, which stays: a clip whose packaging failed, or has not run yet, plays
 * progressively, and clients that ignore `hlsUrl` never notice.
 *
 * Shorter clips stay progressive only: an exercise demo of a few seconds fits in one or two
 * segments, so HLS would only add round trips (master, media playlist, init segment) before the
 * first frame.
 *
 * Packages belong to a stored video file, not to a clip row: the seeded libraries of every
 * workspace point at the same demo media and share one package. The package folder sits beside
 * the file, named with a digest of the file's size and validator, so a file replaced under the
 * same key (re-generated demo media) gets a new package rather than a mix of old and new segments.
 *
 * Runs only in the job worker (`media/clip.package`), never in a request.
 */

/** Clips at least this long (seconds) are also streamed as HLS. */
export const LONG_CLIP_SECONDS = 60;
/** Attempts per file before it is left progressive for good (until the file changes). */
const MAX_ATTEMPTS = 3;
/** A failed package is tried again by the sweep no sooner than this. */
const RETRY_AFTER_MS = 30 * 60_000;

/** The package folder of a stored video file: `<key without .mp4>-hls-<12 hex of its size and validator>`. */
export function clipHlsPrefix(videoKey: string, stat: Pick<MediaStat, "size" | "etag">): string {
  const tag = createHash("sha256")
    .update(`${videoKey}\u0000${stat.size}\u0000${stat.etag ?? ""}`)
    .digest("hex")
    .slice(0, 12);
  return `${videoKey.replace(/\.mp4$/, "")}-hls-${tag}`;
}

const CLIP_HLS_PLAYLIST = /^(?:workspace|seed)\/[A-Za-z0-9._/-]+-hls-[0-9a-f]{12}\/(?:[A-Za-z0-9]+\/)?[a-z]+\.m3u8$/;

/** True for a stored playlist of a clip package (served with its URIs signed, like an export's). */
export function isClipHlsPlaylistKey(key: string): boolean {
  return CLIP_HLS_PLAYLIST.test(key);
}

/**
 * The render plan of one whole clip: the planner's format and base (the clip itself when it is
 * already in the house H.264 form, as the demo media are; else a copy normalized once), then the
 * clip's own frames as the timeline: every frame once, none added or cut to a frame grid.
 */
async function clipPlan(storage: MediaStorage, videoKey: string, seconds: number, nice: number): Promise<VideoPlan> {
  const segment: RenderSegment = { kind: "clip", seconds, visual: { type: "clip", key: videoKey }, sound: videoKey };
  const plan = await planVideo(storage, [segment], nice);
  const id = visualId(segment.visual);
  const base = plan.bases.get(id);
  if (!base || base.frames <= 0) throw new Error("the clip has no video frames to package");
  return { ...plan, timeline: [{ startFrame: 0, frames: base.frames, pieces: [{ base: id, frames: base.frames, whole: true }] }], frames: base.frames };
}

export type ClipHlsOutcome = "packaged" | "current" | "short" | "missing" | "failed";

/**
 * The packaging job's work for one clip: nothing for a short, deleted or missing clip, or when its
 * file's package is current; else renders and stores the package (master last) and records it.
 * A failure is recorded and thrown (the job retries) until MAX_ATTEMPTS, then left: the clip keeps
 * playing progressively.
 */
export async function packageClipHls(db: Db, videoAssetId: string, opts: { storage?: MediaStorage; nice?: number } = {}): Promise<ClipHlsOutcome> {
  const asset = await findVideoAssetById(db, videoAssetId);
  if (!asset) return "missing";
  if (asset.durationSeconds < LONG_CLIP_SECONDS) return "short";
  const storage = opts.storage ?? getMediaStorage();
  const info = await storage.stat(asset.videoKey);
  if (!info) return "missing";
  const prefix = clipHlsPrefix(asset.videoKey, info);
  const master = masterKey(prefix);
  const known = await findVideoHls(db, asset.videoKey);
  if (known?.status === "ready" && known.masterKey === master && (await storage.exists(master))) return "current";
  if (known?.status === "failed" && known.attempts >= MAX_ATTEMPTS) return "failed";
  // Stored by an earlier run that stopped before recording it (the master is written last: it is complete).
  if (await storage.exists(master)) return recordReady(db, asset.videoKey, master);

  const started = Date.now();
  const stored: string[] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), "forma-clip-hls-"));
  try {
    const plan = await clipPlan(storage, asset.videoKey, asset.durationSeconds, opts.nice ?? BACKGROUND_NICE);
    const source = await localSource(storage, asset.videoKey);
    const audio = (await readMp4Tracks(source))?.audio;
    // The clip's own AAC is copied into the audio rendition; other codecs would need a transcode the players' form never has.
    if (audio && audio.codec !== "mp4a") throw new Error(`the clip's sound is ${audio.codec}, not AAC`);
    await storeExportHls(storage, plan, audio ? source : null, dir, prefix, stored);
    log("info", "clip packaged as HLS", { videoAssetId, videoKey: asset.videoKey, files: stored.length, ms: Date.now() - started });
    return await recordReady(db, asset.videoKey, master);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // No half package stays behind (its master, written last, was never stored).
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    const attempts = await markVideoHlsFailed(db, asset.videoKey, message.slice(0, 500));
    log("warn", "clip HLS packaging failed; the clip plays progressively", { videoAssetId, attempts, err: message.slice(0, 300) });
    if (attempts < MAX_ATTEMPTS) throw err;
    return "failed";
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function recordReady(db: Db, videoKey: string, master: string): Promise<"packaged"> {
  await markVideoHlsReady(db, videoKey, master);
  // This process's rendered playlists pick the package up now; other instances within their TTL (a minute).
  clearPlaylistCache();
  return "packaged";
}

/** Asks the worker to package a clip when it is long (after an upload is processed). */
export async function requestClipPackaging(clip: { id: string; durationSeconds: number }): Promise<void> {
  if (clip.durationSeconds >= LONG_CLIP_SECONDS) await sendJobEventSafely({ name: "media/clip.package", data: { videoAssetId: clip.id } });
}

/**
 * The safety net (cron, and the seed after it imports demo media): asks packaging of every long
 * clip whose file has no package yet, or only failed attempts older than RETRY_AFTER_MS (one
 * request per file). Returns how many were asked.
 */
export async function sweepLongClips(db: Db, now = new Date()): Promise<number> {
  const ids = await listUnpackagedLongClips(db, {
    minSeconds: LONG_CLIP_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
    retryBefore: new Date(now.getTime() - RETRY_AFTER_MS),
    limit: 100,
  });
  for (const videoAssetId of ids) await sendJobEventSafely({ name: "media/clip.package", data: { videoAssetId } });
  return ids.length;
}
