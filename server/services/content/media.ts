import type { AudioType } from "@/db/schema";
import { type Locale, pickLocalized } from "@/server/core/locale";
import { publicBaseUrl } from "@/server/env";
import { isPublicMediaKey, publicMediaUrl, signMediaUrl } from "@/server/media/signing";

/**
 * Media URL builders for the content shapes. Video and audio are signed (about 7 days, HMAC in
 * memory, no I/O); posters, thumbnails and images are public unsigned URLs.
 */

/**
 * Signed URLs are reused for a minute per key (a playlist signs the same clip many times, and
 * every request signs it again): expiry stays about 7 days, HMAC work drops to one per key and minute.
 */
const SIGNED_REUSE_MS = 60_000;
const signedCache = new Map<string, { url: string; until: number }>();

export function signMedia(key: string): string {
  const now = Date.now();
  const cacheKey = `${publicBaseUrl()} ${key}`;
  const hit = signedCache.get(cacheKey);
  if (hit && hit.until > now) return hit.url;
  if (signedCache.size >= 50_000) signedCache.clear();
  const url = signMediaUrl(key);
  signedCache.set(cacheKey, { url, until: now + SIGNED_REUSE_MS });
  return url;
}

export function signedUrl(key: string | null | undefined): string | null {
  return key ? signMedia(key) : null;
}

const imageCache = new Map<string, string>();

/** Public URL for an image key (memoized: it never changes); a key that is not an image (never expected) is signed instead. */
export function imageUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  const base = publicBaseUrl();
  const cacheKey = `${base} ${key}`;
  const hit = imageCache.get(cacheKey);
  if (hit) return hit;
  if (!isPublicMediaKey(key)) return signMedia(key);
  if (imageCache.size >= 50_000) imageCache.clear();
  const url = publicMediaUrl(key, base);
  imageCache.set(cacheKey, url);
  return url;
}

export interface VideoObject {
  url: string;
  /** The HLS master of a long clip's package (playlists only, when packaged; additive). */
  hlsUrl?: string;
  poster: string | null;
  thumbnail: string | null;
  loop: number;
}

/**
 * The playable video object: `loop` -1 repeats the clip until the segment's window elapses;
 * `hlsKey` (a long clip's packaged master playlist) adds `hlsUrl`, signed like `url`.
 */
export function videoObject(clip: { videoKey: string; posterKey: string | null; thumbnailKey: string | null; hlsKey?: string | null }, loop: number): VideoObject {
  return { url: signMedia(clip.videoKey), ...hlsUrlOf(clip.hlsKey), poster: imageUrl(clip.posterKey), thumbnail: imageUrl(clip.thumbnailKey), loop };
}

/** `{ hlsUrl }` for a packaged clip, else nothing (the field is additive). */
export function hlsUrlOf(hlsKey: string | null | undefined): { hlsUrl?: string } {
  return hlsKey ? { hlsUrl: signMedia(hlsKey) } : {};
}

export interface AudioTrack {
  id: string;
  locale: string;
  type: AudioType;
  assetKey: string;
  scriptText: string | null;
  createdAt?: string | Date;
}

export interface AudioObject {
  url: string;
  type: AudioType;
  locale: string;
  scriptText: string;
}

export function audioObject(track: AudioTrack): AudioObject {
  return { url: signMedia(track.assetKey), type: track.type, locale: track.locale, scriptText: track.scriptText ?? "" };
}

/**
 * The best track of one type for a locale: exact, same language, English, then any; `locale`
 * on the result says which one was selected.
 */
export function pickTrack(tracks: readonly AudioTrack[], type: AudioType, locale: Locale): AudioTrack | null {
  const byLocale: Record<string, AudioTrack> = {};
  for (const t of tracks) if (t.type === type) byLocale[t.locale] = t;
  return pickLocalized(byLocale, locale)?.value ?? null;
}

/** ISO 8601 from a Date or a timestamp string as json_build_object renders it. */
export function isoTime(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
