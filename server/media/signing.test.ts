import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { isPublicMediaKey, publicMediaUrl, signMediaUrl, verifyMediaSignature } from "./signing";

const NOW = Date.UTC(2025, 0, 1);
const BASE = "https://api.example.test";

function parts(url: string) {
  const u = new URL(url);
  return { key: decodeURIComponent(u.pathname.replace(/^\/media\//, "")), exp: u.searchParams.get("exp"), sig: u.searchParams.get("sig") };
}

describe("media URL signing", () => {
  let dataDir: string;

  // The generated key lives in the database (server/media/signing.int.test.ts); these use a configured one.
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "forma-signing-"));
    process.env.DATA_DIR = dataDir;
    process.env.MEDIA_SIGNING_SECRET = "a-configured-secret-for-tests";
    resetEnvCache();
  });

  afterEach(() => {
    delete process.env.DATA_DIR;
    delete process.env.MEDIA_SIGNING_SECRET;
    resetEnvCache();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("round-trips and expires after about seven days by default", () => {
    const url = signMediaUrl("seed/clips/squat.mp4", { baseUrl: BASE, now: NOW });
    expect(url).toMatch(/^https:\/\/api\.example\.test\/media\/seed\/clips\/squat\.mp4\?exp=\d+&sig=[\w-]{43}$/);
    const { key, exp, sig } = parts(url);
    expect(Number(exp)).toBe(NOW / 1000 + 7 * 24 * 3600);
    expect(verifyMediaSignature(key, exp, sig, NOW)).toBe("valid");
    expect(verifyMediaSignature(key, exp, sig, NOW + 7 * 24 * 3600 * 1000 - 1000)).toBe("valid");
    expect(verifyMediaSignature(key, exp, sig, NOW + 7 * 24 * 3600 * 1000)).toBe("expired");
  });

  it("rejects tampered keys, expiries and signatures", () => {
    const { key, exp, sig } = parts(signMediaUrl("seed/clips/squat.mp4", { baseUrl: BASE, now: NOW }));
    expect(verifyMediaSignature("seed/clips/lunge.mp4", exp, sig, NOW)).toBe("invalid");
    expect(verifyMediaSignature(key, String(Number(exp) + 3600), sig, NOW)).toBe("invalid");
    expect(verifyMediaSignature(key, exp, `${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`, NOW)).toBe("invalid");
    expect(verifyMediaSignature(key, exp, "short", NOW)).toBe("invalid");
    expect(verifyMediaSignature(key, "12e9", sig, NOW)).toBe("invalid");
    expect(verifyMediaSignature(key, null, sig, NOW)).toBe("missing");
    expect(verifyMediaSignature(key, exp, null, NOW)).toBe("missing");
  });

  it("signs with MEDIA_SIGNING_SECRET: another secret gives other signatures, and nothing is written to DATA_DIR", () => {
    const first = signMediaUrl("a.mp4", { baseUrl: BASE, now: NOW });
    expect(signMediaUrl("a.mp4", { baseUrl: BASE, now: NOW })).toBe(first);
    process.env.MEDIA_SIGNING_SECRET = "another-configured-secret";
    resetEnvCache();
    const other = signMediaUrl("a.mp4", { baseUrl: BASE, now: NOW });
    expect(other).not.toBe(first);
    const { key, exp, sig } = parts(first);
    expect(verifyMediaSignature(key, exp, sig, NOW)).toBe("invalid");
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("gives unsigned URLs to images only", () => {
    expect(publicMediaUrl("seed/posters/squat.jpg", `${BASE}/`)).toBe(`${BASE}/media/public/seed/posters/squat.jpg`);
    expect(isPublicMediaKey("covers/x.webp")).toBe(true);
    expect(isPublicMediaKey("seed/clips/squat.mp4")).toBe(false);
    expect(() => publicMediaUrl("seed/clips/squat.mp4", BASE)).toThrow();
    expect(() => signMediaUrl("../secrets/media.key", { baseUrl: BASE })).toThrow();
    expect(() => signMediaUrl("public/x.mp4", { baseUrl: BASE })).toThrow();
  });
});
