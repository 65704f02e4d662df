/**
 * The export's picture: every visual of the timeline turned into a "base" in the export format
 * (the clip itself when its H.264 stream already is in that format, else a copy normalized once),
 * the remainders of loops encoded from their base, and everything joined by the concat demuxer
 * with stream copy. Only stills, remainders and foreign clips are ever encoded, and each of them
 * once: they are cached by their inputs (cache.ts).
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readMp4Tracks } from "@/server/media/mp4";
import { runFfmpeg } from "@/server/media/ffmpeg";
import type { MediaStorage } from "@/server/media/storage";
import { cachePath, cached, digest, localSource } from "./cache";
import { type ExportFormat, chooseExportFormat, formatId, stillUnitFrames, videoEncodeArgs, videoFilter } from "./format";
import { type Piece, type RenderSegment, type TimelineSegment, type Visual, buildTimeline, totalFrames, visualId } from "./timeline";

/**
 * Niceness of every ffmpeg a render starts: background renders (the seed, other locales, the
 * sweep) yield the CPU to API requests; a render an editor waits for runs at normal priority.
 */
export const BACKGROUND_NICE = 10;

export interface Base {
  file: string;
  frames: number;
}

export interface VideoPlan {
  nice: number;
  format: ExportFormat;
  bases: Map<string, Base>;
  timeline: TimelineSegment[];
  frames: number;
}

interface ClipInfo {
  file: string;
  width: number;
  height: number;
  fps: number | null;
  frames: number;
  /** True when the clip can be copied as it is in this format. */
  matches: (format: ExportFormat, avcC: string) => boolean;
}

async function clipInfo(storage: MediaStorage, key: string): Promise<ClipInfo> {
  const file = await localSource(storage, key);
  const tracks = await readMp4Tracks(file);
  const v = tracks?.video;
  if (!v) {
    // Not an MP4 (or no video track we can read): size unknown, always normalized.
    return { file, width: 0, height: 0, fps: null, frames: 0, matches: () => false };
  }
  const fps = v.sampleDelta ? v.timescale / v.sampleDelta : null;
  return {
    file,
    width: v.width,
    height: v.height,
    fps,
    frames: v.frames,
    matches: (format, avcC) => v.trackIndex === 0 && v.avcC === avcC && fps === format.fps && v.frames > 0,
  };
}

const houseAvcC = new Map<string, Promise<string>>();

/**
 * The `avcC` the export format's encoder writes, learned once per format by encoding one black
 * frame (kept in the cache, so it is learned once per installation).
 */
export function formatAvcC(format: ExportFormat): Promise<string> {
  const id = formatId(format);
  let known = houseAvcC.get(id);
  if (!known) {
    known = (async () => {
      const file = await cachePath("pieces", `probe-${id}.mp4`);
      await cached(file, (tmp) =>
        runFfmpeg([
          "-f",
          "lavfi",
          "-i",
          `color=c=black:s=${format.width}x${format.height}:r=${format.fps}`,
          "-frames:v",
          "1",
          ...videoEncodeArgs(format),
          "-an",
          tmp,
        ]),
      );
      const avcC = (await readMp4Tracks(file))?.video?.avcC;
      if (!avcC) throw new Error(`the export encoder wrote no H.264 configuration for ${id}`);
      return avcC;
    })();
    known.catch(() => houseAvcC.delete(id));
    houseAvcC.set(id, known);
  }
  return known;
}

/** Reads a piece the renderer made and checks that it concatenates with the format's stream. */
async function checkPiece(file: string, avcC: string, expectFrames?: number): Promise<Base> {
  const v = (await readMp4Tracks(file))?.video;
  if (!v || v.avcC !== avcC) throw new Error(`${path.basename(file)} is not in the export format`);
  if (expectFrames !== undefined && v.frames !== expectFrames) throw new Error(`${path.basename(file)} has ${v.frames} frames, expected ${expectFrames}`);
  return { file, frames: v.frames };
}

/** A clip in the export format: the file itself, or a copy normalized once. */
async function clipBase(info: ClipInfo, key: string, format: ExportFormat, avcC: string, nice: number): Promise<Base> {
  if (info.matches(format, avcC)) return { file: info.file, frames: info.frames };
  const file = await cachePath("pieces", `clip-${digest(key, formatId(format))}.mp4`);
  await cached(file, (tmp) => runFfmpeg(["-i", info.file, "-map", "0:v:0", "-vf", videoFilter(format), ...videoEncodeArgs(format), "-an", tmp], { nice }));
  return checkPiece(file, avcC);
}

/**
 * A still in the export format: one GOP of an image (or of black) that breaks loop like a clip. An
 * image that is no longer stored shows black rather than failing the export.
 */
async function stillBase(storage: MediaStorage, image: string | null, format: ExportFormat, avcC: string, nice: number): Promise<Base> {
  const frames = stillUnitFrames(format);
  const key = image && (await storage.exists(image)) ? image : null;
  const file = await cachePath("pieces", `still-${digest(key ?? "black", formatId(format))}.mp4`);
  await cached(file, async (tmp) => {
    const input = key
      ? ["-loop", "1", "-framerate", String(format.fps), "-i", await localSource(storage, key)]
      : ["-f", "lavfi", "-i", `color=c=black:s=${format.width}x${format.height}:r=${format.fps}`];
    await runFfmpeg([...input, "-frames:v", String(frames), "-vf", videoFilter(format), ...videoEncodeArgs(format), "-an", tmp], { nice });
  });
  return checkPiece(file, avcC, frames);
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function inPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Picks the export format, makes a base for every visual (copy, normalized clip or still unit)
 * and lays out the frame-exact timeline. For clips already in the format this only reads their
 * MP4 headers.
 */
export async function planVideo(storage: MediaStorage, segments: readonly RenderSegment[], nice = BACKGROUND_NICE): Promise<VideoPlan> {
  const visuals = new Map<string, Visual>();
  for (const s of segments) visuals.set(visualId(s.visual), s.visual);
  const clipKeys = [...new Set(segments.flatMap((s) => (s.visual.type === "clip" ? [s.visual.key] : [])))];
  const infos = new Map<string, ClipInfo>();
  await inPool(clipKeys, 4, async (key) => infos.set(key, await clipInfo(storage, key)));
  const format = chooseExportFormat(
    segments.flatMap((s) => {
      const info = s.visual.type === "clip" ? infos.get(s.visual.key) : undefined;
      return info ? [{ width: info.width, height: info.height, fps: info.fps, seconds: s.seconds }] : [];
    }),
  );
  const avcC = await formatAvcC(format);
  const bases = new Map<string, Base>();
  await inPool([...visuals.entries()], 2, async ([id, v]) => {
    bases.set(id, v.type === "clip" ? await clipBase(infos.get(v.key)!, v.key, format, avcC, nice) : await stillBase(storage, v.key, format, avcC, nice));
  });
  const timeline = buildTimeline(segments, new Map([...bases].map(([id, b]) => [id, b.frames])), format.fps);
  return { nice, format, bases, timeline, frames: totalFrames(timeline) };
}

/** The first `piece.frames` frames of its base, encoded once. */
async function prefixFile(plan: VideoPlan, piece: Piece, avcC: string): Promise<string> {
  const base = plan.bases.get(piece.base)!;
  const file = await cachePath("pieces", `prefix-${digest(piece.base, base.file, piece.frames, formatId(plan.format))}.mp4`);
  await cached(file, (tmp) =>
    runFfmpeg(["-i", base.file, "-map", "0:v:0", "-frames:v", String(piece.frames), ...videoEncodeArgs(plan.format), "-an", tmp], { nice: plan.nice }),
  );
  await checkPiece(file, avcC, piece.frames);
  return file;
}

const quote = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;

/**
 * The picture of the whole timeline as one video-only MP4, joined by stream copy. Cached by its
 * pieces, so the locales of one workout (and equal workouts) share it.
 */
export async function buildVideo(plan: VideoPlan): Promise<string> {
  const files = await timelineFiles(plan);
  return joinPieces(files, `video-${digest(formatId(plan.format), ...files)}.mp4`, plan.frames, plan.nice);
}

/** The file of every piece of the timeline in order (prefixes encoded once, cached). */
export async function timelineFiles(plan: VideoPlan): Promise<string[]> {
  const avcC = await formatAvcC(plan.format);
  const pieces = plan.timeline.flatMap((s) => s.pieces);
  const prefixes = new Map<string, string>();
  const partial = [...new Map(pieces.filter((p) => !p.whole).map((p) => [`${p.base}#${p.frames}`, p])).values()];
  await inPool(partial, 2, async (p) => prefixes.set(`${p.base}#${p.frames}`, await prefixFile(plan, p, avcC)));
  return pieces.map((p) => (p.whole ? plan.bases.get(p.base)!.file : prefixes.get(`${p.base}#${p.frames}`)!));
}

/** Joins pieces of one format by stream copy into a cached video-only MP4 of `frames` frames. */
export async function joinPieces(files: readonly string[], name: string, frames: number, nice: number): Promise<string> {
  const out = await cachePath("timelines", name);
  return cached(out, async (tmp) => {
    const list = `${tmp}.txt`;
    await writeFile(list, `ffconcat version 1.0\n${files.map((f) => `file ${quote(f)}`).join("\n")}\n`);
    try {
      await runFfmpeg(["-f", "concat", "-safe", "0", "-i", list, "-map", "0:v:0", "-c", "copy", "-f", "mp4", tmp], { nice });
    } finally {
      await rm(list, { force: true });
    }
    const v = (await readMp4Tracks(tmp))?.video;
    if (v?.frames !== frames) throw new Error(`the joined video has ${v?.frames ?? 0} frames, the timeline ${frames}`);
  });
}

/** The export: the joined picture and the mixed sound, both copied, with the index up front. */
export async function muxExport(video: string, audio: string, out: string, nice = BACKGROUND_NICE): Promise<void> {
  await runFfmpeg(["-i", video, "-i", audio, "-map", "0:v:0", "-map", "1:a:0", "-c", "copy", "-movflags", "+faststart", "-f", "mp4", out], { nice });
}
