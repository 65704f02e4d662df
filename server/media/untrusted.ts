import { open } from "node:fs/promises";
import { isTruncatedMp4, listExternalDataReferences } from "./mp4";

/**
 * Media that did not come from Forma itself (console uploads today; any future import) is untrusted
 * input to ffmpeg. Left to itself, ffmpeg guesses the container from the content, and several of
 * its demuxers open other files or URLs named inside the input: an HLS or M3U playlist, an
 * `ffconcat` list, image2 patterns, `concat:`/`subfile,` URLs in a playlist, QuickTime data
 * references. A trainer could then have any readable media file of the server (another workspace's
 * clips, exports) transcoded into their own library.
 *
 * So the container is decided here, from the file's first bytes, against a short allow-list of
 * self-contained formats; everything else is refused with a reason the console can show. ffmpeg is
 * then told that container (`-f`, so it never probes), may open no protocol but the input file
 * itself, no other demuxer and only the listed decoders (see {@link untrustedInputArgs}).
 */

/** ffmpeg's demuxer name for each accepted container. */
export type AcceptedContainer = "mov" | "matroska" | "avi" | "mpegts" | "mp3" | "aac" | "wav" | "flac" | "ogg";

export type SniffResult = { ok: true; container: AcceptedContainer; label: string } | { ok: false; reason: string };

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** Top-level ISO-BMFF/QuickTime box types that may open a file (QuickTime writes no `ftyp`). */
const QUICKTIME_FIRST_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);

/** An MPEG audio frame header of layer III (MP3): sync, a valid version, layer bits 01. */
function isMp3Frame(b: Uint8Array, at: number): boolean {
  return b[at] === 0xff && ((b[at + 1] ?? 0) & 0xe0) === 0xe0 && ((b[at + 1] ?? 0) & 0x18) !== 0x08 && ((b[at + 1] ?? 0) & 0x06) === 0x02;
}

/** An ADTS (raw AAC) header: 12 sync bits, layer 00. */
const isAdts = (b: Uint8Array, at: number) => b[at] === 0xff && ((b[at + 1] ?? 0) & 0xf6) === 0xf0;

/** Bytes read from the head of a file to decide its container. */
export const SNIFF_BYTES = 4096;

/**
 * The container of a file from its first bytes (at least {@link SNIFF_BYTES} when the file has
 * them), or why it is refused. Only self-contained formats are accepted: MP4/MOV/M4A, Matroska and
 * WebM, AVI, MPEG-TS, MP3, AAC (ADTS), WAV, FLAC and Ogg.
 */
export function sniffContainer(head: Uint8Array): SniffResult {
  const accept = (container: AcceptedContainer, label: string): SniffResult => ({ ok: true, container, label });
  if (head.length >= 12 && QUICKTIME_FIRST_BOXES.has(ascii(head, 4, 4))) return accept("mov", ascii(head, 4, 4) === "ftyp" && /^M4A/.test(ascii(head, 8, 4)) ? "M4A" : "MP4/MOV");
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return accept("matroska", "Matroska/WebM");
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "AVI ") return accept("avi", "AVI");
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return accept("wav", "WAV");
  if (ascii(head, 0, 4) === "fLaC") return accept("flac", "FLAC");
  if (ascii(head, 0, 4) === "OggS") return accept("ogg", "Ogg");
  // MPEG-TS: a sync byte at the start of three consecutive 188-byte packets.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return accept("mpegts", "MPEG-TS");
  if (ascii(head, 0, 3) === "ID3" || isMp3Frame(head, 0)) return accept("mp3", "MP3");
  if (isAdts(head, 0)) return accept("aac", "AAC");
  return { ok: false, reason: `${describeRefused(head)} Upload a video (MP4, MOV, WebM, MKV, AVI, MPEG-TS) or audio file (M4A, MP3, AAC, WAV, FLAC, Ogg).` };
}

/** What a refused file looks like, for the upload's status: named where that helps the trainer. */
function describeRefused(head: Uint8Array): string {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(0, 512)).replace(/^\uFEFF/, "").trimStart();
  if (/^#EXTM3U/i.test(text) || /^#EXT/i.test(text)) return "The file is a playlist (M3U/HLS), not media: playlists point at other files and are not accepted.";
  if (/^ffconcat/i.test(text)) return "The file is an ffconcat list, not media: lists point at other files and are not accepted.";
  if ((head[0] === 0xff && head[1] === 0xd8) || ascii(head, 1, 3) === "PNG" || ascii(head, 0, 3) === "GIF" || (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") || ascii(head, 0, 2) === "BM")
    return "The file is an image, not a video or audio file.";
  if (head.length > 0 && !head.subarray(0, 512).some((c) => c === 0)) return "The file is text, not a video or audio file.";
  return "The file is not a video or audio file we accept.";
}

/**
 * Reads a file's head and decides its container; MP4/MOV files must also be whole (no box running
 * past the end) and hold their own media data (no external data references).
 */
export async function inspectUntrustedMedia(file: string): Promise<SniffResult> {
  const handle = await open(file, "r");
  let head: Uint8Array;
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const sniffed = sniffContainer(head);
  if (sniffed.ok && sniffed.container === "mov") {
    if (await isTruncatedMp4(file)) return { ok: false, reason: "The file ends early: it is incomplete (was it cut short while copying or uploading?)." };
    if ((await listExternalDataReferences(file)) > 0) {
      return { ok: false, reason: "The file refers to media data outside itself (a QuickTime reference movie); export it as a self-contained file." };
    }
  }
  return sniffed;
}

/**
 * Decoders ffmpeg may open for untrusted input: the video and audio codecs cameras, phones, screen
 * recorders and browsers write into the accepted containers. Nothing that reads images or other
 * files.
 */
export const UNTRUSTED_DECODERS = [
  "h264", "hevc", "mpeg4", "h263", "mpeg1video", "mpeg2video", "mjpeg", "prores", "vp8", "vp9", "libvpx", "libvpx-vp9", "av1", "libaom-av1", "libdav1d",
  "aac", "aac_fixed", "aac_latm", "mp3", "mp3float", "mp2", "mp2float", "ac3", "eac3", "alac", "flac", "opus", "libopus", "vorbis", "libvorbis",
  "pcm_s16le", "pcm_s16be", "pcm_s24le", "pcm_s24be", "pcm_s32le", "pcm_s32be", "pcm_f32le", "pcm_f32be", "pcm_f64le", "pcm_u8", "pcm_s8", "pcm_alaw", "pcm_mulaw",
] as const;

/**
 * ffmpeg input options for an untrusted file whose container {@link sniffContainer} decided: that
 * demuxer only (no probing, no nested demuxer), the `file` protocol only (no network, no `concat:`
 * or `subfile,` URLs), the listed decoders only, and QuickTime data references off.
 */
export function untrustedInputArgs(file: string, container: AcceptedContainer): string[] {
  return [
    "-protocol_whitelist", "file",
    "-format_whitelist", container,
    "-codec_whitelist", UNTRUSTED_DECODERS.join(","),
    ...(container === "mov" ? ["-enable_drefs", "0", "-use_absolute_path", "0"] : []),
    "-f", container,
    "-i", file,
  ];
}
