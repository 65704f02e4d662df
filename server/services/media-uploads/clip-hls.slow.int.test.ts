import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videoAssets, videoHlsPackages } from "@/db/schema";
import { runFfmpeg } from "@/server/media/ffmpeg";
import { signMediaUrl } from "@/server/media/signing";
import { getMediaStorage } from "@/server/media/storage";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { useTestApp } from "@/test/harness";
import { fetchBytes as get, urisOf } from "@/test/support/hls";
import { packageClipHls } from "./clip-hls";
import { clipTranscodeArgs } from "./process-upload";

/**
 * Long clips as HLS, the costly case (the slow project: about 40 s of encoding on two busy cores): a
 * clip as an upload becomes it (61 s, 320x180, 30 fps, no sound) is packaged without an audio
 * rendition, with key frames that hold at 30 fps (they failed at every rate but 25 before). The
 * default run packages the demo's class video (clip-hls.int.test.ts).
 */
useTestApp();
const db = () => getDb();
let lib: TestLibraryOrg;
beforeAll(async () => {
  lib = await createLibraryOrg();
});

describe("long clips as HLS (upload form)", () => {
  it("packages a silent upload-form clip (H.264 High, another size and rate) without an audio rendition", async () => {
    const storage = getMediaStorage();
    const dir = await mkdtemp(path.join(os.tmpdir(), "clip-hls-test-"));
    try {
      // What processUpload makes of a 61 s, 320x180, 30 fps upload without sound.
      const file = path.join(dir, "silent.mp4");
      await runFfmpeg(clipTranscodeArgs(["-f", "lavfi", "-i", "testsrc=size=320x180:rate=30:duration=61"], file, 61));
      const key = `workspace/${lib.organizationId}/clips/silent-long-${Date.now()}.mp4`;
      await storage.put(key, await readFile(file), "video/mp4");
      const [asset] = await db()
        .insert(videoAssets)
        .values({ organizationId: lib.organizationId, kind: "educational", name: { "en-US": "Silent long clip" }, videoKey: key, durationSeconds: 61 })
        .returning({ id: videoAssets.id });
      expect(await packageClipHls(db(), asset!.id)).toBe("packaged");
      const [row] = await db().select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, key));
      const masterUrl = signMediaUrl(row!.masterKey!);
      const master = await get(masterUrl);
      expect(master.status).toBe(200);
      const text = master.body.toString("utf8");
      expect(text).not.toContain("EXT-X-MEDIA");
      const variants = [...text.matchAll(/#EXT-X-STREAM-INF:([^\n]+)/g)].map((m) => m[1]!);
      expect(variants.length).toBeGreaterThanOrEqual(3);
      for (const v of variants) expect(v).toMatch(/CODECS="avc1\.[0-9a-f]{6}"(,|$)/);
      expect(variants.some((v) => v.includes("AUDIO="))).toBe(false);
      expect(variants.some((v) => /RESOLUTION=320x180/.test(v))).toBe(true);
      const first = urisOf(text)[0]!;
      const media = (await get(first)).body.toString("utf8");
      const seconds = [...media.matchAll(/#EXTINF:([\d.]+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      expect(Math.abs(seconds - 61)).toBeLessThan(0.5);
      expect((await get(urisOf(media).at(-1)!)).type).toBe("video/iso.segment");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
