import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSignedRoute } from "@/app/media/[...key]/route";
import { HEAD as headPublicRoute } from "@/app/media/public/[...key]/route";
import { resetEnvCache } from "@/server/env";
import { DEFAULT_SEED_MEDIA_DIR, importSeedMedia, type SeedMediaManifest } from "./import-seed-media";
import { isFaststart } from "./mp4";
import { serveMedia } from "./serve";
import { signMediaUrl } from "./signing";
import { LocalDiskStorage } from "./storage";

const BASE = "http://media.test";
const CLIP = "seed/clips/squat.mp4";
const clipFile = path.join(DEFAULT_SEED_MEDIA_DIR, "clips/squat.mp4");

let storage: LocalDiskStorage;
let manifest: SeedMediaManifest;
let dataDir = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forma-serve-"));
  process.env.DATA_DIR = dataDir;
  process.env.MEDIA_SIGNING_SECRET = "a-configured-secret-for-tests";
  resetEnvCache();
  storage = new LocalDiskStorage(path.join(dataDir, "media"));
  manifest = await importSeedMedia(storage);
});

afterAll(() => {
  delete process.env.DATA_DIR;
  delete process.env.MEDIA_SIGNING_SECRET;
  resetEnvCache();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  serveMedia(new Request(url, { method, headers }), decodeURIComponent(new URL(url).pathname.replace(/^\/media\/(public\/)?/, "")), {
    requireSignature: !new URL(url).pathname.startsWith("/media/public/"),
    storage,
  });

describe("seed media import", () => {
  it("copies every manifest file once and is idempotent", async () => {
    expect(Object.keys(manifest).length).toBeGreaterThan(300);
    expect(await storage.stat(CLIP)).toMatchObject({ size: manifest["clips/squat.mp4"]!.bytes, contentType: "video/mp4" });
    const before = (await storage.stat(CLIP))!.lastModified;
    await importSeedMedia(storage);
    expect((await storage.stat(CLIP))!.lastModified).toEqual(before);
  });

  it("ships faststart MP4s (moov before mdat)", () => {
    for (const [rel, entry] of Object.entries(manifest)) {
      if (entry.contentType === "image/jpeg") continue;
      expect(isFaststart(readFileSync(path.join(DEFAULT_SEED_MEDIA_DIR, rel))), rel).toBe(true);
    }
  });
});

describe("serveMedia", () => {
  it("answers a signed Range request with 206 and the exact bytes", async () => {
    const file = readFileSync(clipFile);
    const res = await get(signMediaUrl(CLIP, { baseUrl: BASE }), { Range: "bytes=0-99" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-99/${file.length}`);
    expect(res.headers.get("content-length")).toBe("100");
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toBeTruthy();
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(0, 100))).toBe(true);
  });

  it("serves the whole file, suffix ranges and HEAD", async () => {
    const file = readFileSync(clipFile);
    const url = signMediaUrl(CLIP, { baseUrl: BASE });
    const full = await get(url);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(file)).toBe(true);

    const tail = await get(url, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(-10))).toBe(true);

    const head = await get(url, { Range: "bytes=0-1" }, "HEAD");
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("2");
    expect(await head.text()).toBe("");

    const cached = await get(url, { "If-None-Match": full.headers.get("etag")! });
    expect(cached.status).toBe(304);
  });

  it("answers 416 with the size for ranges past the end", async () => {
    const size = readFileSync(clipFile).length;
    const res = await get(signMediaUrl(CLIP, { baseUrl: BASE }), { Range: `bytes=${size}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("refuses missing, tampered and expired signatures with 403", async () => {
    const url = new URL(signMediaUrl(CLIP, { baseUrl: BASE }));
    const unsigned = await get(`${BASE}/media/${CLIP}`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toEqual({ error: { code: "Forbidden", message: expect.any(String) } });

    const otherKey = await get(`${BASE}/media/seed/clips/lunge.mp4${url.search}`);
    expect(otherKey.status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 60));
    expect((await get(longer.href)).status).toBe(403);

    const expired = signMediaUrl(CLIP, { baseUrl: BASE, now: Date.now() - 8 * 24 * 3600 * 1000 });
    const res = await get(expired);
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/expired/);
  });

  it("returns the 404 envelope for unknown keys", async () => {
    const res = await get(signMediaUrl("seed/clips/nope.mp4", { baseUrl: BASE }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NotFound", message: expect.any(String) } });
  });

  it("serves images publicly but never videos or audio", async () => {
    const poster = await get(`${BASE}/media/public/seed/posters/squat.jpg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    expect(poster.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await get(`${BASE}/media/public/${CLIP}`)).status).toBe(403);
    expect((await get(`${BASE}/media/public/seed/music/track-1.m4a`)).status).toBe(403);
  });
});

describe("media routes", () => {
  const params = (key: string) => ({ params: Promise.resolve({ key: key.split("/") }) });

  it("serve signed media and public images from the configured storage", async () => {
    const url = signMediaUrl(CLIP, { baseUrl: BASE });
    const res = await getSignedRoute(new Request(url, { headers: { Range: "bytes=0-9" } }), params(CLIP));
    expect(res.status).toBe(206);
    expect((await res.arrayBuffer()).byteLength).toBe(10);

    const poster = "seed/posters/squat.jpg";
    const head = await headPublicRoute(new Request(`${BASE}/media/public/${poster}`, { method: "HEAD" }), params(poster));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(manifest["posters/squat.jpg"]!.bytes));
  });
});
