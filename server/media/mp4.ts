import { type FileHandle, open } from "node:fs/promises";

/**
 * Minimal ISO-BMFF (MP4/M4A) top-level box reader. Progressive playback over HTTP
 * needs the `moov` index before the `mdat` payload ("faststart"); otherwise a
 * player has to fetch the end of the file before it can start. The media script
 * and the tests use this to prove every committed file streams from byte 0.
 */

/** Top-level box types in file order, e.g. ["ftyp", "moov", "mdat"]. */
export function listTopLevelBoxes(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.byteLength) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    if (size === 1) {
      if (offset + 16 > data.byteLength) break;
      size = Number(view.getBigUint64(offset + 8));
    } else if (size === 0) {
      size = data.byteLength - offset;
    }
    if (size < 8) throw new Error(`Corrupt MP4: box "${type}" at ${offset} has size ${size}`);
    boxes.push(type);
    offset += size;
  }
  return boxes;
}

/** True when the file has a `moov` box and it precedes the first `mdat`. */
export function isFaststart(data: Uint8Array): boolean {
  const boxes = listTopLevelBoxes(data);
  const moov = boxes.indexOf("moov");
  const mdat = boxes.indexOf("mdat");
  return moov !== -1 && (mdat === -1 || moov < mdat);
}

/** The first video track of an MP4, read from its `moov` box without decoding anything. */
export interface Mp4VideoTrack {
  /** Sample entry type: `avc1`/`avc3` for H.264. */
  codec: string;
  /** The decoder configuration (SPS/PPS) as hex; null when the track is not H.264. */
  avcC: string | null;
  width: number;
  height: number;
  timescale: number;
  frames: number;
  /** The duration of every sample when they all last the same, else null (variable frame rate). */
  sampleDelta: number | null;
  /** The key frames (sync samples, 0-based frame numbers), in order; null when every frame is one (no `stss`). */
  keyframes: number[] | null;
}

const MOOV_MAX_BYTES = 64 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  end: number;
}

function childBoxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = buf.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      size = Number(buf.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) break;
    out.push({ type: buf.toString("latin1", offset + 4, offset + 8), start: offset + header, end: offset + size });
    offset += size;
  }
  return out;
}

const child = (buf: Buffer, box: Box | undefined, type: string) => (box ? childBoxes(buf, box.start, box.end).find((b) => b.type === type) : undefined);

interface TopLevelBox {
  type: string;
  offset: number;
  header: number;
  size: number;
}

/**
 * The top-level boxes of a file from their headers alone (nothing else is read), stopping at the
 * first whose header is broken. `truncated` when the last one claims to run past the end of the file.
 */
async function readTopLevel(handle: FileHandle, size: number): Promise<{ boxes: TopLevelBox[]; truncated: boolean }> {
  const head = Buffer.alloc(16);
  const boxes: TopLevelBox[] = [];
  let offset = 0;
  while (offset + 8 <= size) {
    const { bytesRead } = await handle.read(head, 0, 16, offset);
    if (bytesRead < 8) break;
    let boxSize = head.readUInt32BE(0);
    const type = head.toString("latin1", 4, 8);
    let header = 8;
    if (boxSize === 1) {
      if (bytesRead < 16) break;
      boxSize = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < header) break;
    boxes.push({ type, offset, header, size: boxSize });
    if (offset + boxSize > size) return { boxes, truncated: true };
    offset += boxSize;
  }
  return { boxes, truncated: false };
}

/** Reads the top-level `moov` box of a file (at the front after faststart, else after `mdat`). */
async function readMoov(file: string): Promise<Buffer | null> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const moov = (await readTopLevel(handle, size)).boxes.find((b) => b.type === "moov");
    if (!moov || moov.size > MOOV_MAX_BYTES || moov.offset + moov.size > size) return null;
    const body = Buffer.alloc(moov.size - moov.header);
    await handle.read(body, 0, body.length, moov.offset + moov.header);
    return body;
  } finally {
    await handle.close();
  }
}

/** True when an MP4/MOV's last top-level box runs past the end of the file (an upload cut short). */
export async function isTruncatedMp4(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    return (await readTopLevel(handle, (await handle.stat()).size)).truncated;
  } finally {
    await handle.close();
  }
}

/** The first audio track of an MP4/M4A as its sample entry declares it. */
export interface Mp4AudioTrack {
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface Mp4Tracks {
  video: (Mp4VideoTrack & { trackIndex: number }) | null;
  audio: Mp4AudioTrack | null;
}

function videoTrack(moov: Buffer, mdia: Box, entry: Box): Mp4VideoTrack | null {
  const mdhd = child(moov, mdia, "mdhd");
  const stbl = child(moov, child(moov, mdia, "minf"), "stbl");
  const stts = child(moov, stbl, "stts");
  if (!mdhd || !stts) return null;
  const timescale = moov.readUInt32BE(mdhd.start + (moov[mdhd.start] === 1 ? 20 : 12));
  // VisualSampleEntry: 6 reserved + 2 data reference index + 16, then width and height; children after 78 bytes.
  const width = moov.readUInt16BE(entry.start + 24);
  const height = moov.readUInt16BE(entry.start + 26);
  const avcC = entry.type === "avc1" || entry.type === "avc3" ? childBoxes(moov, entry.start + 78, entry.end).find((b) => b.type === "avcC") : undefined;
  let frames = 0;
  let sampleDelta: number | null = null;
  let uniform = true;
  const entries = moov.readUInt32BE(stts.start + 4);
  for (let i = 0; i < entries; i++) {
    const at = stts.start + 8 + i * 8;
    if (at + 8 > stts.end) return null;
    const count = moov.readUInt32BE(at);
    const delta = moov.readUInt32BE(at + 4);
    frames += count;
    if (sampleDelta === null) sampleDelta = delta;
    else if (delta !== sampleDelta) uniform = false;
  }
  return {
    codec: entry.type,
    avcC: avcC ? moov.subarray(avcC.start, avcC.end).toString("hex") : null,
    width,
    height,
    timescale,
    frames,
    sampleDelta: uniform ? sampleDelta : null,
    keyframes: syncSamples(moov, child(moov, stbl, "stss")),
  };
}

/** The sync samples an `stss` box lists, as 0-based frame numbers (null without the box: all are). */
function syncSamples(moov: Buffer, stss: Box | undefined): number[] | null {
  if (!stss) return null;
  const entries = moov.readUInt32BE(stss.start + 4);
  const out: number[] = [];
  for (let i = 0; i < entries && stss.start + 12 + i * 4 <= stss.end; i++) out.push(moov.readUInt32BE(stss.start + 8 + i * 4) - 1);
  return out;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Channels and rate from an esds payload's AudioSpecificConfig (ES -> DecoderConfig -> DecoderSpecificInfo). */
function aacConfig(esds: Buffer): { channels: number; sampleRate: number } | Record<string, never> {
  let at = 0;
  const descriptor = (tag: number): number | null => {
    if (esds[at] !== tag) return null;
    at++;
    let length = 0;
    for (let i = 0; i < 4; i++) {
      const b = esds[at++] ?? 0;
      length = (length << 7) | (b & 0x7f);
      if (!(b & 0x80)) break;
    }
    return length;
  };
  if (descriptor(0x03) === null) return {};
  const flags = esds[at + 2] ?? 0;
  at += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + (esds[at + 3] ?? 0) : 0) + (flags & 0x20 ? 2 : 0);
  if (descriptor(0x04) === null) return {};
  at += 13;
  if (descriptor(0x05) === null || at + 2 > esds.length) return {};
  // audioObjectType (5 bits), samplingFrequencyIndex (4), channelConfiguration (4).
  const word = esds.readUInt16BE(at);
  const rateIndex = (word >>> 7) & 0xf;
  const channels = (word >>> 3) & 0xf;
  if (word >>> 11 === 31 || rateIndex === 15) return {};
  const sampleRate = AAC_RATES[rateIndex];
  return channels > 0 && sampleRate ? { channels, sampleRate } : {};
}

/**
 * The first video and audio track of an MP4/M4A, straight from its `moov` box (no decoding):
 * codec, H.264 configuration, size and frame timing of the video, channels and rate of the audio.
 * Export rendering uses it to decide whether a clip can be stream-copied (same `avcC` and frame
 * duration as the export's format, video first) and how many frames it holds. Null when the file
 * is not an MP4.
 */
export async function readMp4Tracks(file: string): Promise<Mp4Tracks | null> {
  const moov = await readMoov(file).catch(() => null);
  if (!moov) return null;
  const result: Mp4Tracks = { video: null, audio: null };
  const traks = childBoxes(moov, 0, moov.length).filter((b) => b.type === "trak");
  for (const [trackIndex, trak] of traks.entries()) {
    const mdia = child(moov, trak, "mdia");
    const hdlr = child(moov, mdia, "hdlr");
    const stsd = child(moov, child(moov, child(moov, mdia, "minf"), "stbl"), "stsd");
    if (!mdia || !hdlr || !stsd) continue;
    const [entry] = childBoxes(moov, stsd.start + 8, stsd.end);
    if (!entry) continue;
    const handler = moov.toString("latin1", hdlr.start + 8, hdlr.start + 12);
    if (handler === "vide" && !result.video) {
      const v = videoTrack(moov, mdia, entry);
      if (v) result.video = { ...v, trackIndex };
    } else if (handler === "soun" && !result.audio) {
      // AudioSampleEntry: channel count at 16, sample rate (16.16) at 24, children after 28 bytes. MP4
      // writers put 2 channels there whatever the stream has; AAC's own configuration (esds) says.
      const declared = { channels: moov.readUInt16BE(entry.start + 16), sampleRate: moov.readUInt32BE(entry.start + 24) >>> 16 };
      const esds = entry.type === "mp4a" ? childBoxes(moov, entry.start + 28, entry.end).find((b) => b.type === "esds") : undefined;
      result.audio = { codec: entry.type, ...declared, ...(esds ? aacConfig(moov.subarray(esds.start + 4, esds.end)) : {}) };
    }
  }
  return result;
}

/** Data reference entry flag: the media data is in the same file. */
const SELF_CONTAINED = 0x000001;

/**
 * How many places an MP4/MOV's index says its media data lives outside the file: data reference
 * entries (`dref`: `url `, `urn `, `alis`) without the self-contained flag, and QuickTime
 * reference-movie records (`rmra`). Zero for an ordinary file, and when there is no readable `moov`
 * (ffmpeg then refuses the file on its own). Uploads with references are refused before ffmpeg
 * opens them.
 */
export async function listExternalDataReferences(file: string): Promise<number> {
  const moov = await readMoov(file).catch(() => null);
  if (!moov) return 0;
  const top = childBoxes(moov, 0, moov.length);
  let external = top.filter((b) => b.type === "rmra").length;
  for (const trak of top.filter((b) => b.type === "trak")) {
    const dref = child(moov, child(moov, child(moov, child(moov, trak, "mdia"), "minf"), "dinf"), "dref");
    if (!dref || dref.start + 8 > dref.end) continue;
    for (const entry of childBoxes(moov, dref.start + 8, dref.end)) {
      const flags = entry.start + 4 <= entry.end ? moov.readUInt32BE(entry.start) & 0xffffff : 0;
      if (!(flags & SELF_CONTAINED)) external++;
    }
  }
  return external;
}
