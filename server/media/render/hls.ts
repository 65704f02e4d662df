/**
 * The export as adaptive HLS: three video renditions (the export's own size and two smaller
 * ones) and the export's sound as an audio rendition, in fMP4 (CMAF) segments behind one master
 * playlist.
 *
 * Like the MP4, nothing is encoded twice: the top rendition IS the MP4's picture (the export's own
 * size, its pieces joined by stream copy: nothing is encoded for it), and every distinct piece of
 * the timeline (a clip's base, a loop's remainder, a still) is decoded ONCE by one ffmpeg that
 * scales it to the smaller renditions and writes them as several outputs (cached like every piece,
 * so the clips a library shares are encoded once per installation); each rendition is then joined
 * by stream copy, and one more ffmpeg cuts the renditions and the sound into segments, again by
 * stream copy. The smaller renditions get key frames exactly where the piece has them (read from
 * its `stss`; x264's own GOP and scene cuts are off), so segment boundaries line up across
 * renditions and a player can switch at any of them.
 */
import { mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "@/server/media/ffmpeg";
import { readMp4Tracks } from "@/server/media/mp4";
import { cachePath, cached, digest } from "./cache";
import { type ExportFormat, formatId, videoEncodeArgs, videoFilter } from "./format";
import { type VideoPlan, buildVideo, inPool, joinPieces, timelineFiles } from "./video";

/** Target length of a segment (seconds): cut at the first keyframe after it. */
export const HLS_SEGMENT_SECONDS = 4;
/** Heights below the export's own that a ladder takes, largest first. */
const LADDER = [1080, 720, 540, 360, 270, 180, 144] as const;
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export interface Rendition {
  /** Folder name in the package, e.g. `360p`. */
  name: string;
  format: ExportFormat;
}

/** The export's own size, then the two next heights of the ladder below it (same aspect, same rate). */
export function renditionLadder(top: ExportFormat): Rendition[] {
  const lower: number[] = LADDER.filter((h) => h < top.height).slice(0, 2);
  // A very small export still gets three renditions: two thirds of the smallest so far.
  while (lower.length < 2) lower.push(even((lower.at(-1) ?? top.height) / 1.5));
  return [top.height, ...lower].map((height) => {
    const format = { width: height === top.height ? top.width : even((top.width * height) / top.height), height, fps: top.fps };
    return { name: `${height}p`, format };
  });
}

/**
 * x264 arguments of a smaller rendition of a piece: the export's settings with key frames only (and
 * always) at `keyframes` (0-based frames of the piece), no GOP or scene cut of x264's own.
 */
export function renditionEncodeArgs(f: ExportFormat, keyframes: readonly number[], frames: number): string[] {
  const args = videoEncodeArgs(f);
  args[args.indexOf("-g") + 1] = String(frames + 1);
  // A quarter frame early: ffmpeg rounds each time to the nearest frame of the encoder's time base
  // (so half a frame, 59.5/30 written as 1.9833, rounded down to frame 59 at 30 and 24 fps) and
  // forces the first frame at or after it: exactly frame n at every rate.
  const times = keyframes.map((n) => Math.max(0, (n - 0.25) / f.fps).toFixed(6));
  return [...args, "-sc_threshold", "0", "-force_key_frames", times.join(",")];
}

/** One piece in every smaller rendition: one decode, one scale per rendition, one output each. Cached. */
async function renditionPieces(file: string, renditions: readonly Rendition[], nice: number): Promise<string[]> {
  const video = (await readMp4Tracks(file))?.video;
  if (!video) throw new Error(`${path.basename(file)} has no video to make renditions of`);
  const { frames } = video;
  const keyframes = video.keyframes ?? Array.from({ length: frames }, (_, n) => n);
  const outs = await Promise.all(renditions.map((r) => cachePath("pieces", `hls-${digest(file, formatId(r.format), "hls2")}.mp4`)));
  const missing = await Promise.all(outs.map((o) => stat(o).then(() => false, () => true)));
  if (missing.some(Boolean)) {
    const split = renditions.map((_, i) => `[s${i}]`).join("");
    const graph = [`[0:v]split=${renditions.length}${split}`, ...renditions.map((r, i) => `[s${i}]${videoFilter(r.format)}[o${i}]`)].join(";");
    const tmps = outs.map((o) => `${o}.${process.pid}.${Date.now()}.tmp.mp4`);
    const outputs = renditions.flatMap((r, i) => ["-map", `[o${i}]`, ...renditionEncodeArgs(r.format, keyframes, frames), "-an", "-f", "mp4", tmps[i]!]);
    await runFfmpeg(["-i", file, "-filter_complex", graph, ...outputs], { nice });
    await Promise.all(
      tmps.map(async (tmp, i) => {
        const v = (await readMp4Tracks(tmp))?.video;
        if (v?.frames !== frames) throw new Error(`the ${renditions[i]!.name} copy of a piece has ${v?.frames ?? 0} frames, expected ${frames}`);
        if (String(v.keyframes ?? "") !== String(keyframes)) throw new Error(`the ${renditions[i]!.name} copy of a piece has its key frames elsewhere`);
        await cached(outs[i]!, async (dest) => writeFile(dest, await readFile(tmp)));
      }),
    );
  }
  return outs;
}

/**
 * Every rendition of the timeline as one video-only MP4 each (cached by their pieces): the first
 * (the export's own format) is the MP4 export's picture itself, the others are encoded per piece.
 */
export async function buildRenditions(plan: VideoPlan, renditions: readonly Rendition[]): Promise<string[]> {
  const [top, ...smaller] = renditions;
  if (!top || formatId(top.format) !== formatId(plan.format)) throw new Error("the first rendition must be the export's own format");
  const files = await timelineFiles(plan);
  const distinct = [...new Set(files)];
  const byPiece = new Map<string, string[]>();
  await inPool(distinct, 2, async (f) => byPiece.set(f, await renditionPieces(f, smaller, plan.nice)));
  const lower = smaller.map((r, i) => {
    const pieces = files.map((f) => byPiece.get(f)![i]!);
    return joinPieces(pieces, `hls-${digest(formatId(r.format), ...pieces)}.mp4`, plan.frames, plan.nice);
  });
  return Promise.all([buildVideo(plan), ...lower]);
}

/** `avc1.PPCCLL` from an `avcC` box (hex, with or without its box header). */
export function avcCodec(avcC: string | null | undefined): string {
  if (!avcC) return "avc1.4d401e";
  const body = avcC.slice(8, 16) === "61766343" ? avcC.slice(16) : avcC;
  return `avc1.${body.slice(2, 8)}`;
}

interface MediaPlaylist {
  init: string | null;
  segments: { uri: string; seconds: number }[];
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const out: MediaPlaylist = { init: null, segments: [] };
  let pending: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) out.init = map[1]!;
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) pending = Number(inf[1]);
    else if (line && !line.startsWith("#") && pending !== null) {
      out.segments.push({ uri: line.trim(), seconds: pending });
      pending = null;
    }
  }
  return out;
}

/**
 * Cuts the renditions and the sound into fMP4 segments under `outDir` (one ffmpeg, stream copy)
 * and writes the master playlist; returns every file's path relative to `outDir`, the master
 * (`master.m3u8`) first. `sound` is a file whose first audio stream (AAC) becomes the audio
 * rendition; null (a silent clip) packages the video renditions alone.
 */
export async function packageHls(videos: readonly { file: string; rendition: Rendition }[], sound: string | null, outDir: string, nice: number): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const names = [...videos.map((v) => v.rendition.name), ...(sound ? ["audio"] : [])];
  // ffmpeg 4.1 (the bundled build) crashes writing its own master with audio groups: the master is ours.
  const inputs = [...videos.flatMap((v) => ["-i", v.file]), ...(sound ? ["-i", sound] : [])];
  const maps = [...videos.flatMap((_, i) => ["-map", `${i}:v:0`]), ...(sound ? ["-map", `${videos.length}:a:0`] : [])];
  const streamMap = [...videos.map((_, i) => `v:${i}`), ...(sound ? ["a:0"] : [])].join(" ");
  await runFfmpeg(
    [
      ...inputs,
      ...maps,
      "-c",
      "copy",
      "-f",
      "hls",
      "-hls_time",
      String(HLS_SEGMENT_SECONDS),
      "-hls_playlist_type",
      "vod",
      "-hls_segment_type",
      "fmp4",
      "-hls_flags",
      "independent_segments",
      "-hls_segment_filename",
      path.join(outDir, "%v", "seg%d.m4s"),
      "-var_stream_map",
      streamMap,
      path.join(outDir, "%v", "index.m3u8"),
    ],
    { nice },
  );
  // Folders by rendition name rather than ffmpeg's stream numbers.
  const files: string[] = [];
  const variants: { name: string; playlist: MediaPlaylist; bytes: number[]; total: number }[] = [];
  for (const [i, name] of names.entries()) {
    const from = path.join(outDir, String(i));
    const to = path.join(outDir, name);
    await rename(from, to);
    const playlist = parseMediaPlaylist(await readFile(path.join(to, "index.m3u8"), "utf8"));
    const bytes = await Promise.all(playlist.segments.map(async (s) => (await stat(path.join(to, s.uri))).size));
    variants.push({ name, playlist, bytes, total: bytes.reduce((a, b) => a + b, 0) });
    for (const f of await readdir(to)) files.push(`${name}/${f}`);
  }
  const bitrate = (v: (typeof variants)[number]) => {
    const seconds = v.playlist.segments.reduce((n, s) => n + s.seconds, 0) || 1;
    const peak = Math.max(0, ...v.playlist.segments.map((s, i) => (s.seconds > 0.5 ? (v.bytes[i]! * 8) / s.seconds : 0)));
    return { average: Math.ceil((v.total * 8) / seconds), peak: Math.ceil(Math.max(peak, (v.total * 8) / seconds)) };
  };
  const audioRate = sound ? bitrate(variants.at(-1)!) : { average: 0, peak: 0 };
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  if (sound) lines.push('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="audio",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"');
  for (const [i, v] of videos.entries()) {
    const rate = bitrate(variants[i]!);
    const avcC = (await readMp4Tracks(v.file))?.video?.avcC;
    const f = v.rendition.format;
    const codecs = sound ? `${avcCodec(avcC)},mp4a.40.2` : avcCodec(avcC);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rate.peak + audioRate.peak},AVERAGE-BANDWIDTH=${rate.average + audioRate.average},RESOLUTION=${f.width}x${f.height},FRAME-RATE=${f.fps.toFixed(3)},CODECS="${codecs}"${sound ? ',AUDIO="aud"' : ""}`,
      `${v.rendition.name}/index.m3u8`,
    );
  }
  await writeFile(path.join(outDir, "master.m3u8"), `${lines.join("\n")}\n`);
  return ["master.m3u8", ...files];
}

/**
 * The stored package's URIs (relative to its folder): the master, each playlist it names, and each
 * playlist's init segment and media segments. Reads playlists through `read`.
 */
export async function packageFiles(read: (relative: string) => Promise<string>): Promise<string[]> {
  const master = await read("master.m3u8");
  const playlists = new Set<string>();
  for (const line of master.split(/\r?\n/)) {
    const uri = /URI="([^"]+)"/.exec(line)?.[1] ?? (line && !line.startsWith("#") ? line.trim() : null);
    if (uri) playlists.add(uri);
  }
  const files = ["master.m3u8"];
  for (const p of playlists) {
    files.push(p);
    const parsed = parseMediaPlaylist(await read(p));
    const dir = path.posix.dirname(p);
    if (parsed.init) files.push(path.posix.join(dir, parsed.init));
    for (const s of parsed.segments) files.push(path.posix.join(dir, s.uri));
  }
  return files;
}
