import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DropAspectRatio } from "@/db/schema";
import { type MediaProbe, probeMedia, runFfmpeg } from "@/server/media/ffmpeg";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { downloadStored, readStoredBuffer } from "@/server/media/stored-streams";
import { type CoverText, renderCoverPng } from "./render-cover";
import { VIDEO_SIZE } from "./presets";
import type { ReelClip } from "./resolve-source";

/**
 * Cutting a drop's videos with ffmpeg. Per aspect ratio, the source clips are fitted to the frame
 * one by one (cropped when the crop keeps at least half of the picture, otherwise shown whole on
 * a blurred fill of themselves), joined into one reel and encoded once; each duration is then
 * cut from that reel by stream copy: trimmed when the reel is long enough, looped when it is not.
 * So a drop's six variants (three aspects x two lengths) cost three encodes. No text is burned in.
 */
const FPS = 25;
/** One keyframe per second: loops and trims by stream copy start and end cleanly. */
const GOP = FPS;
const X264 = [
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-crf",
  "23",
  "-g",
  String(GOP),
  "-keyint_min",
  String(GOP),
  "-sc_threshold",
  "0",
  "-pix_fmt",
  "yuv420p",
];
const AAC = ["-c:a", "aac", "-b:a", "96k", "-ar", "44100", "-ac", "2"];

export interface RenderedVariant {
  durationSeconds: number;
  key: string;
}

async function upload(storage: MediaStorage, key: string, file: string, contentType: string): Promise<void> {
  await storage.put(key, await readFile(file), contentType);
}

/**
 * The filter chain that fits input `i` to `w`x`h` and labels it `[v<i>]`: crop when that keeps at
 * least half of the picture, else the whole picture centred on a blurred, cropped copy of itself.
 */
export function fitChain(i: number, source: { width: number; height: number }, w: number, h: number, seconds: number): string {
  const sourceAspect = source.width / source.height;
  const targetAspect = w / h;
  const kept = Math.min(sourceAspect, targetAspect) / Math.max(sourceAspect, targetAspect);
  const cover = `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`;
  const tail = `fps=${FPS},setsar=1,trim=duration=${seconds},setpts=PTS-STARTPTS[v${i}]`;
  if (kept >= 0.5) return `[${i}:v]${cover},${tail}`;
  return [
    `[${i}:v]split[fg${i}][bg${i}]`,
    `[bg${i}]${cover},boxblur=20:2[blur${i}]`,
    `[fg${i}]scale=${w}:${h}:force_original_aspect_ratio=decrease[fit${i}]`,
    `[blur${i}][fit${i}]overlay=(W-w)/2:(H-h)/2,${tail}`,
  ].join(";");
}

/**
 * Renders one aspect ratio of a drop: the reel, then one MP4 per duration, uploaded to
 * `keyFor(duration)`. Returns the stored variants.
 */
export async function renderAspectVariants(args: {
  clips: ReelClip[];
  aspectRatio: DropAspectRatio;
  durations: number[];
  keyFor: (durationSeconds: number) => string;
  storage?: MediaStorage;
}): Promise<RenderedVariant[]> {
  const storage = args.storage ?? getMediaStorage();
  const { width, height } = VIDEO_SIZE[args.aspectRatio];
  const dir = await mkdtemp(path.join(tmpdir(), "forma-drop-"));
  try {
    const inputs: { file: string; probe: MediaProbe }[] = [];
    for (const [i, clip] of args.clips.entries()) {
      const file = path.join(dir, `clip-${i}${path.extname(clip.key) || ".mp4"}`);
      await downloadStored(storage, clip.key, file);
      const probe = await probeMedia(file);
      if (!probe.video) throw new Error(`clip ${clip.key} has no video stream`);
      inputs.push({ file, probe });
    }
    const filters: string[] = [];
    const joins: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const seconds = Math.max(0.5, input.probe.durationSeconds);
      filters.push(fitChain(i, input.probe.video!, width, height, seconds));
      filters.push(
        input.probe.audio
          ? `[${i}:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=duration=${seconds},asetpts=PTS-STARTPTS[a${i}]`
          : `aevalsrc=0:channel_layout=stereo:sample_rate=44100:duration=${seconds}[a${i}]`,
      );
      joins.push(`[v${i}][a${i}]`);
    }
    filters.push(`${joins.join("")}concat=n=${inputs.length}:v=1:a=1[v][a]`);
    const reel = path.join(dir, "reel.mp4");
    await runFfmpeg([
      ...inputs.flatMap((x) => ["-i", x.file]),
      "-filter_complex",
      filters.join(";"),
      "-map",
      "[v]",
      "-map",
      "[a]",
      ...X264,
      ...AAC,
      "-r",
      String(FPS),
      reel,
    ]);
    const reelSeconds = (await probeMedia(reel)).durationSeconds;

    const out: RenderedVariant[] = [];
    for (const duration of [...new Set(args.durations)].sort((a, b) => a - b)) {
      const file = path.join(dir, `variant-${duration}.mp4`);
      const loops = Math.max(0, Math.ceil(duration / reelSeconds) - 1);
      await runFfmpeg([
        ...(loops > 0 ? ["-stream_loop", String(loops)] : []),
        "-i",
        reel,
        "-t",
        String(duration),
        "-map",
        "0",
        "-c",
        "copy",
        "-movflags",
        "+faststart",
        file,
      ]);
      const key = args.keyFor(duration);
      await upload(storage, key, file, "video/mp4");
      out.push({ durationSeconds: duration, key });
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Converts a PNG to a baseline JPEG with ffmpeg (covers are served and posted as JPEG). */
export async function pngToJpeg(png: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "forma-cover-"));
  try {
    const input = path.join(dir, "cover.png");
    const output = path.join(dir, "cover.jpg");
    await writeFile(input, png);
    await runFfmpeg(["-i", input, "-frames:v", "1", "-q:v", "3", "-pix_fmt", "yuvj420p", output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Renders and stores a drop's cover for one aspect ratio (JPEG at `key`). */
export async function renderCover(args: {
  aspectRatio: DropAspectRatio;
  text: CoverText;
  thumbnailKey: string | null;
  key: string;
  storage?: MediaStorage;
}): Promise<string> {
  const storage = args.storage ?? getMediaStorage();
  const thumbnail = args.thumbnailKey ? await readStoredBuffer(storage, args.thumbnailKey).catch(() => null) : null;
  const png = await renderCoverPng({ aspectRatio: args.aspectRatio, text: args.text, thumbnail });
  await storage.put(args.key, await pngToJpeg(png), "image/jpeg");
  return args.key;
}
