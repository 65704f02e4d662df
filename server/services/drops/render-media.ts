import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DropAspectRatio, DropVariantMedia } from "@/db/schema";
import { type MediaProbe, probeMedia, runFfmpeg } from "@/server/media/ffmpeg";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { downloadStored, readStoredBuffer } from "@/server/media/stored-streams";
import { type CoverText, renderCoverPng } from "./render-cover";
import { AUDIO_SAMPLE_RATE, PLATFORM_VIDEO_SIZE, VIDEO_FPS, VIDEO_PROFILE, aspectSlug, encodingFor, fitsByCrop, presetsTaking, renderSize } from "./presets";
import type { ReelClip } from "./resolve-source";

/**
 * Cutting a drop's videos with ffmpeg, in one process per drop: every source clip is decoded
 * once and split into one branch per aspect ratio, where it is fitted to the frame (cropped when
 * the crop keeps at least half of the picture, otherwise shown whole on a blurred fill of itself);
 * the branches are joined into one reel per aspect, encoded side by side (H.264 High, AAC-LC) up
 * to the longest length asked for (the clips from the start again when they are shorter); each
 * length is then cut from its reel by stream copy. So a drop's six variants (three aspects x two
 * lengths) cost one decode of the sources and three encodes. No text is burned in.
 */
/** What a rendered variant file measures (stored as the variant's `media`). */
export type VariantMedia = DropVariantMedia;

export interface RenderedVariant {
  aspectRatio: DropAspectRatio;
  durationSeconds: number;
  key: string;
  media: VariantMedia;
}

async function upload(storage: MediaStorage, key: string, file: string, contentType: string): Promise<void> {
  await storage.put(key, await readFile(file), contentType);
}

/**
 * The filter chain that fits `[in]` to `w`x`h` and labels it `[out]`: crop when that keeps at
 * least half of the picture, else the whole picture centred on a blurred, cropped copy of itself.
 */
export function fitChain(input: string, out: string, source: { width: number; height: number }, w: number, h: number, seconds: number): string {
  const cover = `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`;
  const tail = `fps=${VIDEO_FPS},setsar=1,trim=duration=${seconds},setpts=PTS-STARTPTS[${out}]`;
  if (fitsByCrop(source, w / h)) return `[${input}]${cover},${tail}`;
  return [
    `[${input}]split[${out}fg][${out}bg]`,
    // The fill is blurred at a quarter of the size and scaled up: the same look at a sixteenth of the blur's cost.
    `[${out}bg]scale=${even(w / 4)}:${even(h / 4)}:force_original_aspect_ratio=increase,crop=${even(w / 4)}:${even(h / 4)},boxblur=5:2,scale=${w}:${h}[${out}blur]`,
    `[${out}fg]scale=${w}:${h}:force_original_aspect_ratio=decrease[${out}fit]`,
    `[${out}blur][${out}fit]overlay=(W-w)/2:(H-h)/2,${tail}`,
  ].join(";");
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** x264 and AAC settings of one reel: capped-quality VBR within the presets' peak bitrate. */
function encoderArgs(enc: ReturnType<typeof encodingFor>): string[] {
  const gop = String(enc.fps * enc.gopSeconds);
  return [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    enc.profile.toLowerCase(),
    "-level:v",
    enc.level,
    "-crf",
    "21",
    "-maxrate",
    `${enc.maxVideoKbps}k`,
    "-bufsize",
    `${enc.maxVideoKbps * 2}k`,
    "-bf",
    "2",
    "-g",
    gop,
    "-keyint_min",
    gop,
    "-sc_threshold",
    "0",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(enc.fps),
    "-c:a",
    "aac",
    "-b:a",
    `${enc.audioKbps}k`,
    "-ar",
    String(enc.audioSampleRate),
    "-ac",
    String(enc.audioChannels),
  ];
}

/** Seconds of each clip the reel uses: whole clips in order until the longest length is reached, the last one cut. */
export function reelPlan(clipSeconds: number[], longest: number): number[] {
  const out: number[] = [];
  let total = 0;
  for (const raw of clipSeconds) {
    if (total >= longest - 1e-6) break;
    // Whole frames, so the video and audio of a clip end together.
    const seconds = Math.max(1 / VIDEO_FPS, Math.round(Math.min(raw, longest - total) * VIDEO_FPS) / VIDEO_FPS);
    out.push(seconds);
    total += seconds;
  }
  return out;
}

/**
 * The finished file checked against the rules of every preset taking its aspect: H.264 High,
 * the frame rate, AAC-LC at a sample rate and channel count each takes, the file-size limit.
 * Throws with the first rule broken (the variant fails and the job retries it).
 */
export function checkVariant(name: string, aspectRatio: DropAspectRatio, media: VariantMedia): void {
  const broken = (rule: string) => new Error(`${name} breaks ${rule}`);
  for (const preset of presetsTaking(aspectRatio)) {
    const r = preset.video;
    const who = `${preset.label}'s rules`;
    if (media.videoCodec !== "h264" || media.videoProfile !== VIDEO_PROFILE) throw broken(`${who}: ${media.videoCodec} ${media.videoProfile}, not H.264 High`);
    if (media.fps < r.minFps || media.fps > r.maxFps) throw broken(`${who}: ${media.fps} fps, not ${r.minFps}-${r.maxFps}`);
    if (media.audioCodec !== "aac" || !r.audioSampleRates.includes(media.audioSampleRate) || media.audioChannels !== r.audioChannels)
      throw broken(`${who}: audio ${media.audioCodec} ${media.audioSampleRate} Hz ${media.audioChannels} ch`);
    if (media.bytes > r.maxFileBytes) throw broken(`${who}: ${media.bytes} bytes, over ${r.maxFileBytes}`);
  }
}

/** One aspect ratio to render: its lengths and where each goes. */
export interface AspectJob {
  aspectRatio: DropAspectRatio;
  durations: number[];
  keyFor: (durationSeconds: number) => string;
}

/**
 * Renders a drop's videos: one ffmpeg run decodes each clip once and writes one reel per aspect
 * ratio; every length is cut from its reel by stream copy, checked ({@link checkVariant}) and
 * uploaded to `keyFor(duration)`. Returns the stored variants with what was measured on them.
 */
export async function renderDropVideos(args: { clips: ReelClip[]; aspects: AspectJob[]; storage?: MediaStorage }): Promise<RenderedVariant[]> {
  const storage = args.storage ?? getMediaStorage();
  const aspects = args.aspects.filter((a) => a.durations.length > 0);
  if (aspects.length === 0) return [];
  const dir = await mkdtemp(path.join(tmpdir(), "forma-drop-"));
  try {
    const longest = Math.max(...aspects.flatMap((a) => a.durations));
    // The reel runs to the longest length: the clips in order, from the start again when they are
    // shorter (a repeated clip is decoded again, so the file keeps a constant frame rate, which
    // looping the encoded reel by stream copy would break at every seam).
    const sources: { file: string; probe: MediaProbe }[] = [];
    const inputs: { file: string; probe: MediaProbe; seconds: number }[] = [];
    let used = 0;
    for (let n = 0; used < longest - 1e-6 && args.clips.length > 0; n++) {
      const i = n % args.clips.length;
      if (!sources[i]) {
        const clip = args.clips[i]!;
        const file = path.join(dir, `clip-${i}${path.extname(clip.key) || ".mp4"}`);
        await downloadStored(storage, clip.key, file);
        const probe = await probeMedia(file);
        if (!probe.video) throw new Error(`clip ${clip.key} has no video stream`);
        sources[i] = { file, probe };
      }
      const [seconds] = reelPlan([Math.max(0.5, sources[i]!.probe.durationSeconds)], longest - used);
      inputs.push({ ...sources[i]!, seconds: seconds! });
      used += seconds!;
    }
    if (inputs.length === 0) throw new Error("the drop has no clips to cut from");
    const sizes = aspects.map((a) =>
      renderSize(
        a.aspectRatio,
        inputs.map((x) => x.probe.video!),
      ),
    );
    const filters: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const branches = aspects.map((_, k) => `s${i}_${k}`);
      filters.push(aspects.length > 1 ? `[${i}:v]split=${aspects.length}${branches.map((b) => `[${b}]`).join("")}` : `[${i}:v]null[${branches[0]}]`);
      for (const [k] of aspects.entries())
        filters.push(fitChain(branches[k]!, `v${i}_${k}`, input.probe.video!, sizes[k]!.width, sizes[k]!.height, input.seconds));
      filters.push(
        input.probe.audio
          ? `[${i}:a]aresample=${AUDIO_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=duration=${input.seconds},asetpts=PTS-STARTPTS[a${i}]`
          : `aevalsrc=0:channel_layout=stereo:sample_rate=${AUDIO_SAMPLE_RATE}:duration=${input.seconds}[a${i}]`,
      );
    }
    for (const [k] of aspects.entries()) filters.push(`${inputs.map((_, i) => `[v${i}_${k}]`).join("")}concat=n=${inputs.length}:v=1:a=0[v_${k}]`);
    filters.push(
      `${inputs.map((_, i) => `[a${i}]`).join("")}concat=n=${inputs.length}:v=0:a=1${aspects.length > 1 ? `,asplit=${aspects.length}` : ""}${aspects.map((_, k) => `[a_${k}]`).join("")}`,
    );
    const reels = aspects.map((a) => path.join(dir, `reel-${aspectSlug(a.aspectRatio)}.mp4`));
    await runFfmpeg([
      ...inputs.flatMap((x) => ["-i", x.file]),
      "-filter_complex",
      filters.join(";"),
      ...aspects.flatMap((a, k) => ["-map", `[v_${k}]`, "-map", `[a_${k}]`, ...encoderArgs(encodingFor(a.aspectRatio, sizes[k]!)), reels[k]!]),
    ]);

    const out: RenderedVariant[] = [];
    for (const [k, aspect] of aspects.entries()) {
      const reelSeconds = (await probeMedia(reels[k]!)).durationSeconds;
      const platform = PLATFORM_VIDEO_SIZE[aspect.aspectRatio];
      for (const duration of [...new Set(aspect.durations)].sort((a, b) => a - b)) {
        const file = path.join(dir, `${aspectSlug(aspect.aspectRatio)}_${duration}.mp4`);
        if (reelSeconds < duration - 0.5) throw new Error(`the ${aspect.aspectRatio} reel is ${reelSeconds} s, shorter than ${duration} s`);
        await runFfmpeg(["-i", reels[k]!, "-t", String(duration), "-map", "0", "-c", "copy", "-movflags", "+faststart", file]);
        const probe = await probeMedia(file);
        const media: VariantMedia = {
          width: probe.video?.width ?? 0,
          height: probe.video?.height ?? 0,
          platformWidth: platform.width,
          platformHeight: platform.height,
          limitedBySource: sizes[k]!.limitedBySource,
          durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
          bytes: (await stat(file)).size,
          fps: probe.video?.fps ?? 0,
          videoCodec: probe.video?.codec ?? "none",
          videoProfile: probe.video?.profile ?? "unknown",
          audioCodec: probe.audio?.codec ?? "none",
          audioSampleRate: probe.audio?.sampleRate ?? 0,
          audioChannels: probe.audio?.channels ?? 0,
        };
        checkVariant(`${aspect.aspectRatio}_${duration * 1000}`, aspect.aspectRatio, media);
        const key = aspect.keyFor(duration);
        await upload(storage, key, file, "video/mp4");
        out.push({ aspectRatio: aspect.aspectRatio, durationSeconds: duration, key, media });
      }
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
