/**
 * Time-limited media URLs. The contract promises presigned progressive URLs valid for about
 * seven days; an HMAC over key and expiry gives that without storing anything per URL, and the
 * same URL shape works whether bytes come from disk or are proxied from S3.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, publicBaseUrl } from "@/server/env";
import { assertMediaKey, contentTypeForKey } from "./storage";

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 7 * 24 * 3600;

const secrets = new Map<string, Buffer>();

/**
 * MEDIA_SIGNING_SECRET when set; otherwise a random per-installation key kept at
 * `${DATA_DIR}/secrets/media.key`, so URLs survive restarts without any configuration.
 * Created with link(2), which fails if another process won the race, so all processes that
 * share DATA_DIR (server, seed, jobs) end up with the same key.
 */
function signingSecret(): Buffer {
  const { MEDIA_SIGNING_SECRET: fromEnv, DATA_DIR } = env();
  const source = fromEnv ? `env:${fromEnv}` : `file:${path.resolve(DATA_DIR, "secrets", "media.key")}`;
  const cached = secrets.get(source);
  if (cached) return cached;
  const secret = fromEnv ? Buffer.from(fromEnv, "utf8") : readOrCreateKeyFile(source.slice("file:".length));
  secrets.set(source, secret);
  return secret;
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, randomBytes(32), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
  return readFileSync(file);
}

function signature(key: string, exp: number): string {
  return createHmac("sha256", signingSecret()).update(`${key}:${exp}`).digest("base64url");
}

const encodeKeyPath = (key: string) => key.split("/").map(encodeURIComponent).join("/");

export interface SignMediaUrlOptions {
  expiresInSeconds?: number;
  baseUrl?: string;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: number;
}

/** `${baseUrl}/media/${key}?exp=<unix seconds>&sig=<HMAC-SHA256, base64url>` */
export function signMediaUrl(key: string, options: SignMediaUrlOptions = {}): string {
  assertMediaKey(key);
  // /media/public/... is the unsigned image route, so a signed URL could never reach such a key.
  if (key.startsWith("public/")) throw new Error(`Media keys under public/ cannot be signed: ${key}`);
  const { expiresInSeconds = DEFAULT_MEDIA_URL_TTL_SECONDS, baseUrl = publicBaseUrl(), now = Date.now() } = options;
  const exp = Math.floor(now / 1000) + expiresInSeconds;
  return `${baseUrl.replace(/\/+$/, "")}/media/${encodeKeyPath(key)}?exp=${exp}&sig=${signature(key, exp)}`;
}

export type MediaSignatureCheck = "valid" | "missing" | "invalid" | "expired";

/**
 * Checks a URL's `exp` and `sig` for `key`. The HMAC is compared in constant time and before
 * the expiry, so a forged expiry reads as "invalid", never as "expired".
 */
export function verifyMediaSignature(
  key: string,
  exp: string | number | null | undefined,
  sig: string | null | undefined,
  now: number = Date.now(),
): MediaSignatureCheck {
  if (exp === null || exp === undefined || exp === "" || !sig) return "missing";
  const expNumber = typeof exp === "number" ? exp : /^\d{1,12}$/.test(exp) ? Number(exp) : Number.NaN;
  if (!Number.isSafeInteger(expNumber)) return "invalid";
  const expected = Buffer.from(signature(key, expNumber));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expNumber * 1000 <= now ? "expired" : "valid";
}

const PUBLIC_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Only still images (posters, thumbnails, covers) may be fetched without a signature. */
export function isPublicMediaKey(key: string): boolean {
  const type = contentTypeForKey(key);
  return type !== undefined && PUBLIC_TYPES.has(type);
}

/** `${baseUrl}/media/public/${key}`: an unsigned, cacheable URL for an image key. */
export function publicMediaUrl(key: string, baseUrl: string = publicBaseUrl()): string {
  assertMediaKey(key);
  if (!isPublicMediaKey(key)) throw new Error(`Only image keys have public URLs: ${key}`);
  return `${baseUrl.replace(/\/+$/, "")}/media/public/${encodeKeyPath(key)}`;
}
