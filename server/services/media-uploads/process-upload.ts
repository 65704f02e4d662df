import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Db } from "@/db/client";
import { failStalledUpload, finishUpload, findUploadById, listStalledUploads, setUploadProgress, type UploadRow } from "@/db/queries/uploads";
import { insertVideoAsset, upsertInstructionAudio } from "@/db/queries/video-assets";
import { newId } from "@/db/schema/columns";
import { log } from "@/server/core/log";
import { sendJobEventSafely } from "@/server/jobs";
import { FfmpegError, type MediaProbe, probeMedia, runFfmpeg } from "@/server/media/ffmpeg";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { readStoredStream } from "@/server/media/stored-streams";
import { inspectUntrustedMedia, untrustedInputArgs } from "@/server/media/untrusted";
import { writeContent } from "@/server/services/content/content-changes";
import { searchDocument } from "@/server/services/content/create-workout";
import { requestClipPackaging } from "./clip-hls";
import { MAX_AUDIO_SECONDS, MAX_CLIP_SECONDS, MAX_VIDEO_PIXELS, MAX_VIDEO_SIDE } from "./create-upload";
import { chunkKey } from "./receive-chunk";

/**
 * The players' form: H.264 (yuv420p, at most 1280 wide) and AAC in an MP4 with the index first.
 * `input` is the untrusted file's input options (`untrustedInputArgs`); at most `maxSeconds` are
 * read, whatever the file's header claims.
 */
export function clipTranscodeArgs(input: string[], output: string, maxSeconds: number): string[] {
  return [
    ...input,
    "-t", String(maxSeconds),
    "-map", "0:v:0", "-map", "0:a:0?",
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-profile:v", "high",
    "-vf", "scale='min(1280,iw)':-2",
    "-c:a", "aac", "-b:a", "128k", "-ac", "2",
    "-movflags", "+faststart",
    output,
  ];
}

/** Spoken instructions: mono AAC in an M4A with the index first (at most `maxSeconds` of it). */
export function audioTranscodeArgs(input: string[], output: string, maxSeconds: number): string[] {
  return [...input, "-t", String(maxSeconds), "-vn", "-c:a", "aac", "-b:a", "96k", "-ac", "1", "-movflags", "+faststart", output];
}

/** One frame as a JPEG `width` wide (the poster at 1280 at most, the thumbnail at 320). */
function frameArgs(input: string, atSeconds: number, width: number, output: string): string[] {
  return ["-ss", atSeconds.toFixed(2), "-i", input, "-frames:v", "1", "-vf", `scale='min(${width},iw)':-2`, "-q:v", "3", output];
}

async function assemble(storage: MediaStorage, upload: UploadRow, file: string): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < upload.chunkCount; i++) {
    await pipeline(await readStoredStream(storage, chunkKey(upload.id, i)), out, { end: false });
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/**
 * The processing job's work for one upload: assemble the chunks, decide the container from the
 * bytes (a short allow-list of self-contained formats: playlists, lists, images and reference
 * movies are refused before ffmpeg sees them, see server/media/untrusted.ts), check the file is
 * media ffmpeg can read within the limits, transcode it to the players' form (clips: MP4 plus a
 * poster and a thumbnail; audio: M4A), store the results and create the clip (or the locale's
 * instruction track) in one transaction. A file that is not usable media fails the upload with the
 * reason; other errors are thrown so the job retries. Runs once per upload (a finished upload is
 * skipped).
 */
export async function processUpload(db: Db, uploadId: string): Promise<"ready" | "failed" | "skipped"> {
  const upload = await findUploadById(db, uploadId);
  if (upload?.status !== "processing") return "skipped";
  const storage = getMediaStorage();
  const dir = await mkdtemp(path.join(os.tmpdir(), "forma-upload-"));
  try {
    // Never the trainer's file name: its extension is theirs to choose, and ffmpeg reads nothing into it.
    const source = path.join(dir, "source");
    await assemble(storage, upload, source);
    const sniffed = await inspectUntrustedMedia(source);
    if (!sniffed.ok) return fail(db, upload, sniffed.reason);
    const input = untrustedInputArgs(source, sniffed.container);
    let probe: Probe;
    try {
      probe = await probeMedia(source, { input, timeoutMs: PROBE_TIMEOUT_MS });
    } catch (err) {
      if (err instanceof FfmpegError) return fail(db, upload, err.timedOut ? "Reading the file took too long; it may be damaged." : "The file is not a video or audio file we can read.");
      throw err;
    }
    const refused = exceedsLimits(upload, probe);
    if (refused) return fail(db, upload, refused);
    let lastWrite = 0;
    const onProgress = (seconds: number) => {
      const now = Date.now();
      if (now - lastWrite < 1000 || probe.durationSeconds <= 0) return;
      lastWrite = now;
      setUploadProgress(db, upload.id, Math.min(0.95, seconds / probe.durationSeconds)).catch(() => {});
    };
    const result = upload.purpose === "clip" ? await processClip(db, storage, upload, input, dir, probe, onProgress) : await processAudio(db, storage, upload, input, dir, probe, onProgress);
    if (result === "failed") return "failed";
    await Promise.all(Array.from({ length: upload.chunkCount }, (_, i) => storage.delete(chunkKey(upload.id, i)).catch(() => {})));
    return "ready";
  } catch (err) {
    if (err instanceof FfmpegError) return fail(db, upload, err.timedOut ? "Transcoding took too long; the file may be damaged." : `Transcoding failed: ${err.message.slice(0, 300)}`);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function fail(db: Db, upload: UploadRow, reason: string): Promise<"failed"> {
  await finishUpload(db, upload.id, { status: "failed", error: reason });
  log("warn", "media upload failed", { uploadId: upload.id, reason });
  return "failed";
}

type Probe = MediaProbe;

/** How long ffmpeg may take to read a file's header and streams before the upload is refused. */
const PROBE_TIMEOUT_MS = 30_000;

const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};

/** Why a readable file is still refused (too long, too large a picture), or null. */
export function exceedsLimits(upload: Pick<UploadRow, "purpose">, probe: Probe): string | null {
  const maxSeconds = upload.purpose === "clip" ? MAX_CLIP_SECONDS : MAX_AUDIO_SECONDS;
  if (probe.durationSeconds > maxSeconds) {
    return upload.purpose === "clip"
      ? `The clip is ${clock(probe.durationSeconds)} long; clips are at most ${MAX_CLIP_SECONDS / 3600} hours.`
      : `The recording is ${clock(probe.durationSeconds)} long; instruction audio is at most ${MAX_AUDIO_SECONDS / 60} minutes.`;
  }
  const v = probe.video;
  if (v && (v.width > MAX_VIDEO_SIDE || v.height > MAX_VIDEO_SIDE || v.width * v.height > MAX_VIDEO_PIXELS)) {
    return `The video is ${v.width}x${v.height} pixels; videos are at most ${MAX_VIDEO_SIDE} pixels on a side and 8K (7680x4320) in area.`;
  }
  return null;
}

async function processClip(db: Db, storage: MediaStorage, upload: UploadRow, input: string[], dir: string, probe: Probe, onProgress: (s: number) => void) {
  if (!probe.video) return fail(db, upload, "The file has no video stream.");
  const mp4 = path.join(dir, "clip.mp4");
  const poster = path.join(dir, "poster.jpg");
  const thumb = path.join(dir, "thumb.jpg");
  await runFfmpeg(clipTranscodeArgs(input, mp4, MAX_CLIP_SECONDS), { onProgress, threads: 2, timeoutMs: 60 * 60_000 });
  const at = Math.min(1, probe.durationSeconds / 2);
  await runFfmpeg(frameArgs(mp4, at, 1280, poster));
  await runFfmpeg(frameArgs(mp4, at, 320, thumb));
  const out = await probeMedia(mp4);
  const assetId = newId();
  const base = `workspace/${upload.organizationId}`;
  const keys = { video: `${base}/clips/${assetId}.mp4`, poster: `${base}/posters/${assetId}.jpg`, thumb: `${base}/thumbs/${assetId}.jpg` };
  await storage.put(keys.video, createReadStream(mp4), "video/mp4");
  await storage.put(keys.poster, createReadStream(poster), "image/jpeg");
  await storage.put(keys.thumb, createReadStream(thumb), "image/jpeg");
  const name = upload.clipName ?? { "en-US": upload.filename };
  await db.transaction(async (tx) => {
    await insertVideoAsset(tx, {
      id: assetId,
      organizationId: upload.organizationId,
      kind: upload.clipKind ?? "single-exercise",
      name,
      searchText: searchDocument(name),
      videoKey: keys.video,
      posterKey: keys.poster,
      thumbnailKey: keys.thumb,
      durationSeconds: Math.round(out.durationSeconds * 100) / 100,
    });
    await finishUpload(tx, upload.id, { status: "ready", videoAssetId: assetId });
  });
  // A long clip is also packaged as HLS, in a job of its own: the clip plays progressively meanwhile.
  await requestClipPackaging({ id: assetId, durationSeconds: out.durationSeconds });
  return "ready" as const;
}

async function processAudio(db: Db, storage: MediaStorage, upload: UploadRow, input: string[], dir: string, probe: Probe, onProgress: (s: number) => void) {
  if (!probe.audio) return fail(db, upload, "The file has no audio stream.");
  const m4a = path.join(dir, "audio.m4a");
  await runFfmpeg(audioTranscodeArgs(input, m4a, MAX_AUDIO_SECONDS), { onProgress, threads: 2, timeoutMs: 10 * 60_000 });
  const out = await probeMedia(m4a);
  const key = `workspace/${upload.organizationId}/audio/${upload.videoAssetId}.${upload.locale}.${upload.id}.m4a`;
  await storage.put(key, createReadStream(m4a), "audio/mp4");
  // The clip's published workouts speak the new track: their exports are rendered again.
  await writeContent(db, async (tx, changes) => {
    await upsertInstructionAudio(tx, { videoAssetId: upload.videoAssetId!, locale: upload.locale!, type: "exerciseInstruction", assetKey: key, durationSeconds: out.durationSeconds });
    await changes.mediaChanged(tx, { videoAssetIds: [upload.videoAssetId!] });
    await finishUpload(tx, upload.id, { status: "ready" });
  });
  return "ready" as const;
}

/** An upload may sit in processing this long without progress before the sweep sends it again. */
const STALL_MS = 10 * 60_000;
/** ...and this long in all before it is given up. */
const GIVE_UP_MS = 2 * 60 * 60_000;

/**
 * The safety net of the processing job (cron): an upload whose job event was lost or whose worker
 * died is sent again, and given up after two hours.
 */
export async function sweepStalledUploads(db: Db, now = new Date()): Promise<{ resent: number; failed: number }> {
  const stalled = await listStalledUploads(db, new Date(now.getTime() - STALL_MS), 50);
  let resent = 0;
  let failed = 0;
  for (const u of stalled) {
    if (now.getTime() - u.createdAt.getTime() > GIVE_UP_MS) {
      await failStalledUpload(db, u.id, "Processing did not finish; upload the file again.");
      failed++;
    } else {
      await sendJobEventSafely({ name: "media/upload.completed", data: { uploadId: u.id } });
      resent++;
    }
  }
  return { resent, failed };
}
