import { hash, randomBytes } from "node:crypto";

/** API keys: `fma_` + 32 url-safe characters. Stored as prefix + SHA-256; never logged. */
export const API_KEY_PATTERN = /^fma_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `fma_${randomBytes(24).toString("base64url")}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex");
}
