import { getDb } from "@/db/client";
import type { GeneratedMedia } from "@/server/media/serve";
import type { MediaStorage } from "@/server/media/storage";
import { hlsPlaylistMedia, isHlsPlaylistKey } from "@/server/services/exports/export-hls";
import { isClipHlsPlaylistKey } from "@/server/services/media-uploads/clip-hls";
import { CLIP_CAPTIONS_PREFIX, renderClipCaptions } from "./clip-captions";

/**
 * What /media/{key} makes on request instead of reading as stored (see serveMedia's `generate`):
 * clip caption tracks, and HLS playlists (exports', long clips') with their URIs signed. `undefined` for every other key.
 */
export async function generatedMedia(key: string, ctx: { exp: number; storage: MediaStorage }): Promise<GeneratedMedia | null | undefined> {
  if (key.startsWith(CLIP_CAPTIONS_PREFIX)) {
    const vtt = await renderClipCaptions(getDb(), key);
    return vtt === null ? null : { body: vtt, contentType: "text/vtt; charset=utf-8" };
  }
  if (isHlsPlaylistKey(key) || isClipHlsPlaylistKey(key)) {
    const playlist = await hlsPlaylistMedia(ctx.storage, key, ctx.exp);
    return playlist === null ? null : { body: playlist, contentType: "application/vnd.apple.mpegurl" };
  }
  return undefined;
}
