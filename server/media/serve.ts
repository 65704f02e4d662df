/**
 * HTTP delivery of stored media: signature or public-image check, then a plain or ranged
 * response. Players seek in progressive MP4/M4A with Range requests, so 206 handling, ETags and
 * HEAD have to be right for scrubbing and for Safari, which probes with `bytes=0-1`.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ApiRequest } from "@/server/http/direct-request";
import { ApiError, type ErrorCode, errorResponse } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { parseRangeHeader } from "./range";
import { isPublicMediaKey, verifyMediaSignature } from "./signing";
import { type MediaBody, type MediaStorage, MediaStoreUnavailableError, getMediaStorage, isValidMediaKey } from "./storage";

export interface ServeMediaOptions {
  /** True on /media/{key}: needs `exp` and `sig`. False on /media/public/{key}: images only. */
  requireSignature: boolean;
  /** Defaults to the process-wide storage. */
  storage?: MediaStorage;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: number;
  /**
   * Media made on request rather than stored (caption tracks, HLS playlists with signed URLs):
   * `undefined` = not such a key, serve from storage; `null` = such a key, but nothing there (404).
   * Runs after the signature check; `exp` is the URL's expiry (unix seconds) for URLs inside.
   */
  generate?: (key: string, ctx: { exp: number; storage: MediaStorage }) => Promise<GeneratedMedia | null | undefined>;
}

export interface GeneratedMedia {
  body: string;
  contentType: string;
}

const PUBLIC_MAX_AGE_SECONDS = 86_400;

/** Handles GET and HEAD for one media key; a media store that does not answer is 503 with Retry-After. */
export async function serveMedia(request: ApiRequest, key: string, opts: ServeMediaOptions): Promise<Response> {
  try {
    return await serveStored(request, key, opts);
  } catch (err) {
    if (!(err instanceof MediaStoreUnavailableError)) throw err;
    log("warn", "media store unavailable", { key, err: err.message });
    return errorResponse(new ApiError({ code: "ServiceUnavailable", message: "Media storage is not answering right now. Retry after a few seconds." }), {
      "Cache-Control": "no-store",
      "Retry-After": "5",
    });
  }
}

async function serveStored(request: ApiRequest, key: string, opts: ServeMediaOptions): Promise<Response> {
  const now = opts.now ?? Date.now();
  if (!isValidMediaKey(key)) return mediaError("NotFound", "Media not found");

  let cacheControl = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;
  if (opts.requireSignature) {
    const url = new URL(request.url);
    const exp = url.searchParams.get("exp");
    const check = verifyMediaSignature(key, exp, url.searchParams.get("sig"), now);
    if (check === "missing") return mediaError("Forbidden", "Media URL is not signed");
    if (check === "invalid") return mediaError("Forbidden", "Media URL signature is invalid");
    if (check === "expired") return mediaError("Forbidden", "Media URL has expired");
    // Caches may keep the bytes as long as the URL itself stays valid, and no longer.
    cacheControl = `private, max-age=${Math.max(0, Number(exp) - Math.floor(now / 1000))}`;
  } else if (!isPublicMediaKey(key)) {
    return mediaError("Forbidden", "Only images are served without a signature");
  }

  const storage = opts.storage ?? getMediaStorage();
  if (opts.generate && opts.requireSignature) {
    const exp = Number(new URL(request.url).searchParams.get("exp"));
    const made = await opts.generate(key, { exp, storage });
    if (made === null) return mediaError("NotFound", "Media not found");
    if (made) return generatedResponse(request, made, cacheControl);
  }
  const info = await storage.stat(key);
  if (!info) return mediaError("NotFound", "Media not found");

  const etag = info.etag ?? `"${info.size.toString(16)}"`;
  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Content-Type": info.contentType,
    "Cache-Control": cacheControl,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // Web players on other origins (embeds, cast receivers) read media with fetch/MSE.
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "Accept-Ranges, Content-Length, Content-Range, ETag",
  });
  if (info.lastModified) headers.set("Last-Modified", info.lastModified.toUTCString());

  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }

  // If-Range with a stale validator means "send the whole, current file".
  const ifRange = request.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== etag ? null : request.headers.get("range");
  const range = parseRangeHeader(rangeHeader, info.size);
  if (range === "unsatisfiable") {
    // 416 has no code of its own in the contract's list; BadRequest with the right status.
    return mediaError("BadRequest", `Range is outside the ${info.size}-byte file`, 416, {
      "Content-Range": `bytes */${info.size}`,
      "Accept-Ranges": "bytes",
    });
  }

  const status = range ? 206 : 200;
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  if (request.method === "HEAD" || info.size === 0) return new Response(null, { status, headers });

  const body = await storage.read(key, range ?? undefined);
  return new Response(toWebStream(body), { status, headers });
}

/** A made body: whole (small text), with an ETag of its content so revalidation costs no transfer. */
function generatedResponse(request: ApiRequest, made: GeneratedMedia, cacheControl: string): Response {
  const bytes = Buffer.from(made.body, "utf8");
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": made.contentType,
    "Cache-Control": cacheControl,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "Content-Length, ETag",
    "Content-Length": String(bytes.length),
  });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(bytes, { status: 200, headers });
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

function toWebStream(body: MediaBody): ReadableStream<Uint8Array> {
  // Node's web stream type and the DOM's are the same object at runtime but distinct to TypeScript.
  return body instanceof Readable ? (Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>) : body;
}

/** The contract's error envelope, via the API kernel's renderer; errors are never cached. */
function mediaError(code: ErrorCode, message: string, status?: number, headers: Record<string, string> = {}): Response {
  return errorResponse(new ApiError({ code, message, status }), {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
}
