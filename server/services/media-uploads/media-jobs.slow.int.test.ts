import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videoAssets, videoHlsPackages } from "@/db/schema";
import { runFfmpeg } from "@/server/media/ffmpeg";
import { getMediaStorage } from "@/server/media/storage";
import { inngestFunction } from "@/server/jobs/inngest-functions";
import { createTestOrg } from "@/test/harness";
import { recordJobEvents } from "@/test/support/job-events";
import { uploadedClip } from "@/test/support/uploads";
import { LONG_CLIP_SECONDS } from "./clip-hls";
import { processUpload } from "./process-upload";

/**
 * An upload of a long clip (62 s) asks for HLS packaging and the packaging job makes it: the slow
 * project (the upload's transcode and the renditions take about 50 s on two busy cores). A short
 * upload asking for nothing stays in media-jobs.int.test.ts's default run too.
 */
const sent = recordJobEvents();
beforeEach(() => {
  sent.length = 0;
});

const clip = readFileSync(path.resolve(import.meta.dirname, "../../../db/seed/media/clips/plank.mp4"));


describe("the media processing job and long clips", () => {
  it("asks HLS packaging for a long clip (at least LONG_CLIP_SECONDS), and the packaging job makes it", async () => {
    const org = await createTestOrg();
    // A short clip is not packaged.
    const short = await uploadedClip(org.organizationId, clip, "Short plank");
    expect(await processUpload(getDb(), short)).toBe("ready");
    expect(sent.filter((e) => e.name === "media/clip.package")).toEqual([]);

    const dir = await mkdtemp(path.join(os.tmpdir(), "long-upload-"));
    try {
      const file = path.join(dir, "long.mp4");
      await runFfmpeg([
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x180:rate=25:duration=62",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=62",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-c:a",
        "aac",
        "-shortest",
        file,
      ]);
      const id = await uploadedClip(org.organizationId, readFileSync(file), "Long class");
      expect(await processUpload(getDb(), id)).toBe("ready");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const asked = sent.filter((e) => e.name === "media/clip.package");
    expect(asked).toHaveLength(1);
    const assetId = (asked[0]!.data as { videoAssetId: string }).videoAssetId;
    const [asset] = await getDb().select().from(videoAssets).where(eq(videoAssets.id, assetId));
    expect(asset!.durationSeconds).toBeGreaterThanOrEqual(LONG_CLIP_SECONDS);
    const { result, ctx } = await new InngestTestEngine({ function: inngestFunction("package-clip-hls") }).execute({ events: [asked[0]!] });
    expect(result).toEqual({ outcome: "packaged" });
    expect(ctx.step.run).toHaveBeenCalledWith("package", expect.any(Function));
    const [pkg] = await getDb().select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, asset!.videoKey));
    expect(pkg).toMatchObject({
      status: "ready",
      masterKey: expect.stringMatching(new RegExp(`^workspace/${org.organizationId}/clips/${assetId}-hls-[0-9a-f]{12}/master\\.m3u8$`)),
    });
    expect(await getMediaStorage().exists(pkg!.masterKey!)).toBe(true);
  }, 180_000);
});
