import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3_TEST_CREDENTIALS, type TestS3, startTestS3 } from "@/test/support/s3";
import { serveMedia } from "./serve";
import { signMediaUrl } from "./signing";
import { MediaStoreUnavailableError, S3Storage } from "./storage";

/**
 * The S3 media store (S3Storage: SigV4 over fetch with aws4fetch) against a real S3-compatible
 * server: the objects the players, exports and uploads use, served through the same signed-URL
 * route (Range requests included), and a bucket that goes down and comes back.
 */
let s3: TestS3;
let storage: S3Storage;
const BASE = "http://forma.test";

beforeAll(async () => {
  s3 = await startTestS3();
  storage = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint: s3.endpoint });
});

afterAll(async () => {
  await s3.stop().catch(() => {});
});

const get = (key: string, headers: Record<string, string> = {}, method = "GET") =>
  serveMedia(new Request(signMediaUrl(key, { baseUrl: BASE }), { method, headers }), key, { requireSignature: true, storage });

describe("media in S3", () => {
  it("stores, describes, serves whole and by Range (as a player seeks), and deletes a clip", async () => {
    const clip = readFileSync(path.resolve(import.meta.dirname, "../../db/seed/media/clips/squat.mp4"));
    const key = "workspace/0123456789abcdef01234567/clips/s3-squat.mp4";
    await storage.put(key, clip, "video/mp4");
    expect(await storage.stat(key)).toMatchObject({ size: clip.length, contentType: "video/mp4" });

    const whole = await get(key);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);

    // Safari's probe, a seek into the middle, and the tail.
    const probe = await get(key, { range: "bytes=0-1" });
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${clip.length}`);
    expect(Buffer.from(await probe.arrayBuffer()).equals(clip.subarray(0, 2))).toBe(true);
    const middle = await get(key, { range: "bytes=1000-4999" });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(clip.subarray(1000, 5000))).toBe(true);
    const tail = await get(key, { range: "bytes=-100" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(clip.length - 100))).toBe(true);
    expect((await get(key, { range: `bytes=${clip.length + 10}-` })).status).toBe(416);
    expect((await get(key, {}, "HEAD")).headers.get("content-length")).toBe(String(clip.length));

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect((await get(key)).status).toBe(404);
    await storage.delete(key); // deleting what is gone is fine
  });

  it("takes a large export (24 MB) and serves any part of it", async () => {
    const big = randomBytes(24 * 1024 * 1024);
    const key = "exports/0123456789abcdef01234567/en-US/video-large.mp4";
    await storage.put(key, big, "video/mp4");
    expect((await storage.stat(key))?.size).toBe(big.length);
    const at = 17 * 1024 * 1024 + 123;
    const part = await get(key, { range: `bytes=${at}-${at + 65535}` });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(big.subarray(at, at + 65536))).toBe(true);
    await storage.delete(key);
  });

  it("answers 503 in the error envelope with Retry-After while the bucket is down, and serves again once it is back", async () => {
    const key = "seed/clips/s3-outage.mp4";
    await storage.put(key, Buffer.from("a few bytes of a clip"), "video/mp4");
    await s3.stop();
    try {
      const down = await get(key);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(await down.json()).toEqual({ error: { code: "ServiceUnavailable", message: expect.stringContaining("Media storage") } });
      await expect(storage.put("seed/clips/x.mp4", Buffer.from("x"), "video/mp4")).rejects.toBeInstanceOf(MediaStoreUnavailableError);
    } finally {
      await s3.restart();
    }
    const back = await get(key);
    expect(back.status).toBe(200);
    expect(await back.text()).toBe("a few bytes of a clip");
  });
});
