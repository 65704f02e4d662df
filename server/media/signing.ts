/**
 * Time-limited media URLs. The contract promises presigned progressive URLs valid for about
 * seven days; an HMAC over key and expiry gives that without storing anything per URL, and the
 * same URL shape works whether bytes come from disk or are proxied from S3.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { env, publicBaseUrl } from "@/server/env";
import { installationSecret } from "@/server/secrets";
import { assertMediaKey, contentTypeForKey } from "./storage";

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 7 * 24 * 3600;

/**
 * MEDIA_SIGNING_SECRET when set; otherwise a random per-installation key kept in the database
 * (`instance_settings`, like the other generated secrets), so instances that share S3 but no disk
 * sign alike. Loaded once at start (`loadMediaSigningSecret`: the server, the seed command, the
 * tests) and kept on globalThis, where every module copy of the process finds it; signing stays
 * synchronous. An installation that kept the key at `${DATA_DIR}/secrets/media.key` (before
 * 2026-11-28) has it moved into the database, so URLs already handed out stay valid.
 */
const holder = globalThis as unknown as { __formaMediaSigningSecret?: Buffer };

export async function loadMediaSigningSecret(db: Db): Promise<void> {
  const { MEDIA_SIGNING_SECRET: fromEnv, DATA_DIR } = env();
  if (fromEnv) return;
  const legacyFile = path.resolve(DATA_DIR, "secrets", "media.key");
  const legacy = () => (existsSync(legacyFile) ? readFileSync(legacyFile).toString("base64url") : null);
  const stored = await installationSecret(db, "media-signing", undefined, legacy);
  holder.__formaMediaSigningSecret = Buffer.from(stored, "base64url");
}

function signingSecret(): Buffer {
  const fromEnv = env().MEDIA_SIGNING_SECRET;
  if (fromEnv) return Buffer.from(fromEnv, "utf8");
  const loaded = holder.__formaMediaSigningSecret;
  if (!loaded) throw new Error("The media signing secret is not loaded: call loadMediaSigningSecret(db) at start");
  return loaded;
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
