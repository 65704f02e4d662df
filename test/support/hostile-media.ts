/**
 * Test support (not used by the service): files that try to make ffmpeg read something other than
 * themselves, and damaged or oversized ones, for the upload tests.
 */

/** An HLS media playlist whose one segment is `entry` (a path, a file:// or http:// URL, a `concat:` URL...). */
export function hlsPlaylist(entry: string): Buffer {
  return Buffer.from(`#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\n${entry}\n#EXT-X-ENDLIST\n`);
}

/** An ffconcat list naming `file`. */
export function ffconcatList(file: string): Buffer {
  return Buffer.from(`ffconcat version 1.0\nfile '${file.replace(/'/g, "'\\''")}'\n`);
}

interface Box {
  type: string;
  /** Whole box, header included. */
  bytes: Buffer;
}

function boxes(buf: Buffer): Box[] {
  const out: Box[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    const size = buf.readUInt32BE(at) || buf.length - at;
    out.push({ type: buf.toString("latin1", at + 4, at + 8), bytes: buf.subarray(at, at + size) });
    at += size;
  }
  return out;
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, payload]);
}

/**
 * A QuickTime alias record (`alis` data reference entry, flags 0: not self-contained) naming an
 * absolute path, laid out as ffmpeg's mov demuxer reads it (150 bytes of fixed fields, then typed
 * records; type 2 is the absolute path).
 */
function aliasEntry(target: string): Buffer {
  const fixed = Buffer.alloc(150);
  const volume = "Macintosh HD";
  fixed.writeUInt8(volume.length, 10);
  fixed.write(volume, 11, "latin1");
  const name = target.split("/").pop()!.slice(0, 63);
  fixed.writeUInt8(name.length, 50);
  fixed.write(name, 51, "latin1");
  fixed.writeUInt16BE(1, 130); // nlvl_from
  fixed.writeUInt16BE(1, 132); // nlvl_to
  const pathBytes = Buffer.from(target, "latin1");
  const padded = Buffer.concat([pathBytes, Buffer.alloc(pathBytes.length % 2)]);
  const record = Buffer.alloc(4);
  record.writeUInt16BE(2, 0);
  record.writeUInt16BE(pathBytes.length, 2);
  const end = Buffer.from([0xff, 0xff, 0, 0]);
  return box("alis", Buffer.concat([Buffer.alloc(4) /* version 0, flags 0 */, fixed, record, padded, end]));
}

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "dinf"]);

function rewrite(buf: Buffer, target: string): Buffer {
  return Buffer.concat(
    boxes(buf).map((b) => {
      if (b.type === "dref") {
        const count = Buffer.alloc(8);
        count.writeUInt32BE(1, 4); // version/flags 0, one entry
        return box("dref", Buffer.concat([count, aliasEntry(target)]));
      }
      if (CONTAINERS.has(b.type)) return box(b.type, rewrite(b.bytes.subarray(8), target));
      return b.bytes;
    }),
  );
}

/**
 * A copy of an MP4 whose `moov` comes last (no faststart) with every track's data reference
 * replaced by an alias to `target`: a reference movie whose media data lives in another file.
 */
export function referenceMovie(mp4WithMoovLast: Buffer, target: string): Buffer {
  const top = boxes(mp4WithMoovLast);
  if (top.at(-1)?.type !== "moov") throw new Error("the MP4's moov must come last");
  return Buffer.concat([...top.slice(0, -1).map((b) => b.bytes), rewrite(top.at(-1)!.bytes, target)]);
}

/** A PNG header declaring a `width` x `height` 8-bit grey picture (its data left out). */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  const chunk = Buffer.concat([Buffer.from([0, 0, 0, 13]), Buffer.from("IHDR"), ihdr, Buffer.alloc(4)]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]);
}

/** A WAV of `seconds` of silence (8 kHz, 8-bit mono). */
export function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const dataBytes = rate * seconds;
  const head = Buffer.alloc(44);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(36 + dataBytes, 4);
  head.write("WAVEfmt ", 8, "latin1");
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write("data", 36, "latin1");
  head.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([head, Buffer.alloc(dataBytes, 0x80)]);
}

/** ffmpeg arguments writing `seconds` of silence as FLAC into `file`: ten hours fit in about 250 KB. */
export function silentFlacArgs(seconds: number, file: string): string[] {
  return ["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono:nb_samples=16384", "-t", String(seconds), "-c:a", "flac", "-frame_size", "16384", "-compression_level", "0", file];
}

/** `bytes` with `count` bytes after the first `skip` replaced by pseudo-random values (seeded, repeatable). */
export function fuzzed(bytes: Buffer, count: number, seed = 42, skip = 64): Buffer {
  const out = Buffer.from(bytes);
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  for (let i = 0; i < count; i++) out[skip + (next() % (out.length - skip))] = next() & 0xff;
  return out;
}
