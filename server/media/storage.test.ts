import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { InvalidMediaKeyError, LocalDiskStorage, MediaNotFoundError, S3Storage } from "./storage";

describe("LocalDiskStorage", () => {
  const roots: string[] = [];
  const storage = () => {
    const root = mkdtempSync(path.join(tmpdir(), "forma-storage-"));
    roots.push(root);
    return new LocalDiskStorage(root);
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("stores, stats, reads ranges and deletes", async () => {
    const s = storage();
    await s.put("a/b/clip.mp4", Buffer.from("0123456789"), "video/mp4");
    expect(await s.stat("a/b/clip.mp4")).toMatchObject({ size: 10, contentType: "video/mp4" });
    expect(await text((await s.read("a/b/clip.mp4", { start: 2, end: 4 })) as Readable)).toBe("234");
    expect(await s.exists("a/b/clip.mp4")).toBe(true);
    await s.delete("a/b/clip.mp4");
    expect(await s.stat("a/b/clip.mp4")).toBeNull();
    await expect(s.read("a/b/clip.mp4")).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it("accepts streams and keeps content types the extension does not tell", async () => {
    const s = storage();
    await s.put("notes/readme", Readable.from([Buffer.from("hello")]), "text/plain");
    expect(await s.stat("notes/readme")).toMatchObject({ size: 5, contentType: "text/plain" });
    await s.put("notes/readme", Buffer.from("hi"), "text/markdown");
    expect(await s.stat("notes/readme")).toMatchObject({ size: 2, contentType: "text/markdown" });
  });

  it("refuses keys that could leave the root", async () => {
    const s = storage();
    for (const key of ["../x.mp4", "a/../../x.mp4", "/etc/passwd", "a//b.mp4", ".meta/x.json", "a\\b.mp4", ""]) {
      await expect(s.put(key, Buffer.from("x"), "video/mp4"), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(s.stat(key), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
    }
  });
});

describe("S3Storage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("signs requests, uses path-style URLs for custom endpoints and passes Range through", async () => {
    const seen: Request[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      seen.push(request);
      return new Response("bcd", { status: 206, headers: { "Content-Range": "bytes 1-3/10" } });
    });
    const s3 = new S3Storage({
      bucket: "media",
      endpoint: "http://minio.local:9000/",
      region: "us-east-1",
      accessKeyId: "AKIA",
      secretAccessKey: "secret",
    });
    const body = await s3.read("seed/clips/squat.mp4", { start: 1, end: 3 });
    expect(await new Response(body as ReadableStream<Uint8Array>).text()).toBe("bcd");
    const request = seen[0]!;
    expect(request.url).toBe("http://minio.local:9000/media/seed/clips/squat.mp4");
    expect(request.headers.get("range")).toBe("bytes=1-3");
    expect(request.headers.get("authorization")).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIA\//);
  });

  it("maps 404 to null on stat and to MediaNotFoundError on read", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 404 }));
    const s3 = new S3Storage({ bucket: "b", region: "eu-west-1", accessKeyId: "a", secretAccessKey: "s" });
    expect(await s3.stat("x.mp4")).toBeNull();
    await expect(s3.read("x.mp4")).rejects.toBeInstanceOf(MediaNotFoundError);
  });
});
