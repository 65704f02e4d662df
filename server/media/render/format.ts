/**
 * The export's video format and the one x264 setting that produces it. Everything the renderer
 * encodes itself (break stills, the remainder of a loop, clips normalized from uploads) uses these
 * arguments, whose H.264 headers (SPS/PPS, the MP4 `avcC`) depend only on the settings, never on
 * the pictures: so its pieces and every clip with the same `avcC` concatenate by stream copy.
 *
 * The settings reproduce the headers of the committed demo media (scripts/generate-media.ts:
 * Main, level 3.0, 5 references, weighted P prediction, chroma QP offset -2) with a much faster
 * analysis (`veryfast`), so the seeded clips are copied as they are.
 */

/** Bump when the encoding changes: it is part of every export version and cache key. */
export const RENDER_REVISION = 1;

export interface ExportFormat {
  width: number;
  height: number;
  fps: number;
}

export const DEFAULT_EXPORT_FORMAT: ExportFormat = { width: 640, height: 360, fps: 25 };
const MAX_PIXELS = 1920 * 1080;
const FRAME_RATES = [24, 25, 30] as const;

interface Level {
  name: string;
  maxFrameMbs: number;
  maxMbPerSecond: number;
  maxDpbMbs: number;
}
const LEVELS: Level[] = [
  { name: "3.0", maxFrameMbs: 1620, maxMbPerSecond: 40500, maxDpbMbs: 8100 },
  { name: "3.1", maxFrameMbs: 3600, maxMbPerSecond: 108000, maxDpbMbs: 18000 },
  { name: "4.0", maxFrameMbs: 8192, maxMbPerSecond: 245760, maxDpbMbs: 32768 },
];

function levelFor(f: ExportFormat): Level {
  const mbs = Math.ceil(f.width / 16) * Math.ceil(f.height / 16);
  return LEVELS.find((l) => mbs <= l.maxFrameMbs && mbs * f.fps <= l.maxMbPerSecond) ?? LEVELS[LEVELS.length - 1]!;
}

/** A stable name for caches and logs, e.g. `320x180p25-r1`. */
export function formatId(f: ExportFormat): string {
  return `${f.width}x${f.height}p${f.fps}-r${RENDER_REVISION}`;
}

/** Frames of one still unit (one GOP): breaks loop it like a clip. */
export function stillUnitFrames(f: ExportFormat): number {
  return f.fps * 2;
}

/** x264 output arguments of the export format (video only). */
export function videoEncodeArgs(f: ExportFormat): string[] {
  const level = levelFor(f);
  const mbs = Math.ceil(f.width / 16) * Math.ceil(f.height / 16);
  const refs = Math.max(1, Math.min(5, Math.floor(level.maxDpbMbs / mbs)));
  // About 200 kbit/s at 320x180, growing less than linearly with the picture.
  const maxrate = Math.round(200 * ((f.width * f.height) / (320 * 180)) ** 0.75);
  return [
    "-c:v",
    "libx264",
    "-profile:v",
    "main",
    "-level",
    level.name,
    "-pix_fmt",
    "yuv420p",
    "-preset",
    "veryfast",
    "-x264-params",
    `ref=${refs}:weightp=2:chroma-qp-offset=-2`,
    "-crf",
    "28",
    "-maxrate",
    `${maxrate}k`,
    "-bufsize",
    `${maxrate * 2}k`,
    "-r",
    String(f.fps),
    "-g",
    String(stillUnitFrames(f)),
    "-threads",
    "1",
  ];
}

/** Scales and letterboxes any picture into the format (square pixels, constant frame rate). */
export function videoFilter(f: ExportFormat): string {
  return [
    `scale=${f.width}:${f.height}:force_original_aspect_ratio=decrease`,
    `pad=${f.width}:${f.height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    "setsar=1",
    `fps=${f.fps}`,
    "format=yuv420p",
  ].join(",");
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

function nearestRate(fps: number | null): number {
  if (!fps || !Number.isFinite(fps)) return 25;
  const base = fps > 47 ? fps / 2 : fps;
  const best = FRAME_RATES.reduce((a, b) => (Math.abs(b - base) < Math.abs(a - base) ? b : a));
  return Math.abs(best - base) <= 1.5 ? best : 25;
}

/**
 * The export's format: the picture size and frame rate of the clips that fill most of the
 * workout's time (so most clips can be copied), at most 1920x1080 and 30 fps.
 */
export function chooseExportFormat(clips: readonly { width: number; height: number; fps: number | null; seconds: number }[]): ExportFormat {
  const weight = new Map<string, { width: number; height: number; fps: number; seconds: number }>();
  for (const c of clips) {
    if (c.width <= 0 || c.height <= 0) continue;
    const fps = nearestRate(c.fps);
    const id = `${c.width}x${c.height}@${fps}`;
    const entry = weight.get(id) ?? { width: c.width, height: c.height, fps, seconds: 0 };
    entry.seconds += Math.max(c.seconds, 0.001);
    weight.set(id, entry);
  }
  const best = [...weight.values()].sort((a, b) => b.seconds - a.seconds || b.width * b.height - a.width * a.height)[0];
  if (!best) return DEFAULT_EXPORT_FORMAT;
  const scale = Math.min(1, Math.sqrt(MAX_PIXELS / (best.width * best.height)));
  return { width: even(best.width * scale), height: even(best.height * scale), fps: best.fps };
}
