import path from "node:path";
import { readFile } from "node:fs/promises";
import { eachLimited } from "@/server/core/each-limited";
import { buildRenditions, packageFiles, packageHls, renditionLadder } from "@/server/media/render/hls";
import type { VideoPlan } from "@/server/media/render/video";
import { signMediaUrl } from "@/server/media/signing";
import { type MediaStorage, contentTypeForKey } from "@/server/media/storage";
import { readStoredBuffer } from "@/server/media/stored-streams";
import { timeRender } from "@/server/observability/metrics";

/**
 * The HLS package of a video export, stored beside its MP4: `<mp4 key without .mp4>-hls/`
 * holding `master.m3u8`, a folder per rendition (`360p/index.m3u8`, `init.mp4`, `seg<n>.m4s`) and
 * `audio/`. Playlists are stored with relative URIs and signed when served: /media/{key} rewrites
 * every URI of a stored `.m3u8` into a signed URL with the same expiry as the playlist's own URL
 * (see hlsPlaylistMedia), so one signed master URL opens the whole package for as long as it is
 * valid, and no stored file ever holds a signature.
 */

export function exportHlsPrefix(videoKey: string): string {
  return `${videoKey.replace(/\.mp4$/, "")}-hls`;
}

export const masterKey = (prefix: string) => `${prefix}/master.m3u8`;

/**
 * Renders the renditions, packages them with the sound (the export's mix, a long clip's own sound,
 * or null for none) and stores every file, adding each key to `stored` as it is written. Exports and
 * long clips (server/services/media-uploads/clip-hls.ts) are packaged by this one function.
 */
/** Stored files written at once (an object store's per-request latency, not its bandwidth, bounds one at a time). */
const STORE_CONCURRENCY = 8;

export async function storeExportHls(storage: MediaStorage, video: VideoPlan, sound: string | null, workDir: string, prefix: string, stored: string[]): Promise<void> {
  return timeRender("hls", async () => {
    const ladder = renditionLadder(video.format);
    const files = await buildRenditions(video, ladder);
    const outDir = path.join(workDir, "hls");
    const relatives = await packageHls(
      files.map((file, i) => ({ file, rendition: ladder[i]! })),
      sound,
      outDir,
      video.nice,
    );
    const put = async (rel: string) => {
      const key = `${prefix}/${rel}`;
      stored.push(key);
      await storage.put(key, await readFile(path.join(outDir, rel)), contentTypeForKey(key) ?? "application/octet-stream");
    };
    // Segments and media playlists a few at a time, the master last: a package whose master exists is complete.
    await eachLimited(relatives.slice(1), STORE_CONCURRENCY, put);
    await put(relatives[0]!);
  });
}

/** The keys of a stored package (read from its playlists); empty when there is none. */
export async function storedHlsKeys(storage: MediaStorage, prefix: string): Promise<string[]> {
  if (!(await storage.exists(masterKey(prefix)))) return [];
  const read = async (rel: string) => (await readStoredBuffer(storage, `${prefix}/${rel}`)).toString("utf8");
  return (await packageFiles(read)).map((rel) => `${prefix}/${rel}`);
}

/** Copies a stored package to another prefix (an equal export reused); returns the keys written, master last. */
export async function copyExportHls(storage: MediaStorage, from: string, to: string): Promise<string[]> {
  const keys = await storedHlsKeys(storage, from);
  const written: string[] = [];
  const copy = async (key: string) => {
    const target = `${to}${key.slice(from.length)}`;
    await storage.put(target, await readStoredBuffer(storage, key), contentTypeForKey(target) ?? "application/octet-stream");
    written.push(target);
  };
  await eachLimited(keys.slice(1), STORE_CONCURRENCY, copy);
  if (keys[0]) await copy(keys[0]); // the master last
  return written;
}

const HLS_PLAYLIST = /^exports\/[0-9a-f]{24}\/[A-Za-z-]+-video-[0-9a-f]{24}-hls\/(?:[A-Za-z0-9]+\/)?[a-z]+\.m3u8$/;

export function isHlsPlaylistKey(key: string): boolean {
  return HLS_PLAYLIST.test(key);
}

/**
 * A stored playlist with every URI (segment lines and `URI="..."` attributes) replaced by a
 * signed URL that expires when the playlist's own URL does (`exp`, unix seconds).
 */
export function signPlaylist(text: string, key: string, exp: number, now = Date.now()): string {
  const dir = path.posix.dirname(key);
  const expiresInSeconds = exp - Math.floor(now / 1000);
  const sign = (uri: string) => (/^[a-z]+:/i.test(uri) ? uri : signMediaUrl(path.posix.join(dir, uri), { expiresInSeconds, now }));
  return text
    .split("\n")
    .map((line) => {
      if (!line.trim()) return line;
      if (line.startsWith("#")) return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${sign(uri)}"`);
      return sign(line.trim());
    })
    .join("\n");
}

/** What /media serves for a stored HLS playlist; null when it is not stored. */
export async function hlsPlaylistMedia(storage: MediaStorage, key: string, exp: number): Promise<string | null> {
  if (!(await storage.exists(key))) return null;
  return signPlaylist((await readStoredBuffer(storage, key)).toString("utf8"), key, exp);
}
