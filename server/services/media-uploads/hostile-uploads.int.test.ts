import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { instructionAudio, videoAssets } from "@/db/schema";
import { processMediaUpload } from "@/inngest/functions/process-media-upload";
import { runFfmpeg } from "@/server/media/ffmpeg";
import { createTestOrg, useTestApp } from "@/test/harness";
import { type ConsoleTrainer, consoleCall, createConsoleTrainer } from "@/test/support/console";
import { ffconcatList, fuzzed, hlsPlaylist, hugePngHeader, referenceMovie, silentFlacArgs } from "@/test/support/hostile-media";

/**
 * Uploads that try to make ffmpeg read something other than themselves (#26), and damaged or
 * oversized ones, through the real flow: the console's upload routes, the processing job, the
 * upload's status. Each is refused with a reason and creates no clip; the files and URLs they name
 * are never read.
 */
useTestApp();

const seedMedia = (p: string) => path.resolve(import.meta.dirname, "../../../db/seed/media", p);
/** Media of the server that an upload must never get into its own workspace. */
const target = seedMedia("clips/squat.mp4");

let owner: ConsoleTrainer;
let base: string;
let clipWithMoovLast: Buffer;
let tenHoursOfSilence: Buffer;
/** An HTTP server that counts the requests a playlist's URL would make. */
let bait: Server;
let baitHits = 0;
let baitUrl: string;

beforeAll(async () => {
  const org = await createTestOrg();
  owner = await createConsoleTrainer(org.organizationId, "owner");
  base = `/api/console/orgs/${org.organizationId}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), "forma-hostile-"));
  const file = path.join(dir, "moov-last.mp4");
  await runFfmpeg(["-i", seedMedia("clips/plank.mp4"), "-c", "copy", "-f", "mp4", file]);
  clipWithMoovLast = await readFile(file);
  await runFfmpeg(silentFlacArgs(10 * 3600, path.join(dir, "silence.flac")));
  tenHoursOfSilence = await readFile(path.join(dir, "silence.flac"));
  await rm(dir, { recursive: true, force: true });
  bait = createServer((_req, res) => {
    baitHits++;
    res.setHeader("content-type", "video/mp4");
    res.end(readFileSync(target));
  });
  await new Promise<void>((r) => bait.listen(0, "127.0.0.1", () => r()));
  baitUrl = `http://127.0.0.1:${(bait.address() as { port: number }).port}/clip.mp4`;
});

afterAll(async () => {
  await new Promise<void>((r) => bait.close(() => r()));
});

type Purpose = { purpose: "clip"; filename: string; contentType: string } | { purpose: "instruction-audio"; filename: string; contentType: string; videoAssetId: string; locale: string };

/** Uploads `bytes` through the console's chunked upload, runs the processing job, and answers the upload's status. */
async function uploadAndProcess(purpose: Purpose, bytes: Buffer): Promise<{ id: string; status: string; error: string | null; videoAssetId: string | null; outcome: unknown }> {
  const body = purpose.purpose === "clip" ? { ...purpose, name: `Upload ${purpose.filename}` } : purpose;
  const created = await consoleCall(owner, `${base}/uploads`, { method: "POST", body: { ...body, sizeBytes: bytes.length } });
  expect(created.status, created.text).toBe(201);
  const u = created.body;
  for (let i = 0; i < u.chunkCount; i++) {
    const res = await consoleCall(owner, `${base}/uploads/${u.id}/chunks/${i}`, { rawBody: bytes.subarray(i * u.chunkSize, (i + 1) * u.chunkSize), headers: { "content-type": "application/octet-stream" } });
    expect(res.status, res.text).toBe(200);
  }
  const { result } = await new InngestTestEngine({ function: processMediaUpload }).execute({ events: [{ name: "media/upload.completed", data: { uploadId: u.id } }] });
  const status = await consoleCall(owner, `${base}/uploads/${u.id}`);
  expect(status.status).toBe(200);
  return { ...status.body, outcome: (result as { outcome: unknown }).outcome };
}

const clip = (filename: string) => ({ purpose: "clip" as const, filename, contentType: "video/mp4" });

async function clipsOfWorkspace(): Promise<number> {
  return (await getDb().select({ id: videoAssets.id }).from(videoAssets).where(eq(videoAssets.organizationId, owner.organizationId))).length;
}

/** The upload fails with `reason` and adds nothing: no clip in the workspace, no instruction track. */
async function expectRefused(purpose: Purpose, bytes: Buffer, reason: RegExp) {
  const before = await clipsOfWorkspace();
  const done = await uploadAndProcess(purpose, bytes);
  expect(done).toMatchObject({ status: "failed", outcome: "failed" });
  expect(done.error).toMatch(reason);
  if (purpose.purpose === "clip") expect(done.videoAssetId).toBeNull();
  expect(await clipsOfWorkspace()).toBe(before);
  expect(await getDb().select().from(instructionAudio).where(like(instructionAudio.assetKey, `%${done.id}%`))).toEqual([]);
}

describe("uploads that point ffmpeg at other files are refused before ffmpeg opens them", () => {
  it("an HLS playlist named evil.mp4 naming another workspace's clip by file:// URL", async () => {
    await expectRefused(clip("evil.mp4"), hlsPlaylist(`file://${target}`), /playlist \(M3U\/HLS\)/);
  });

  it("an HLS playlist naming the clip by a path relative to where the upload is assembled", async () => {
    const relative = path.relative(path.join(os.tmpdir(), "forma-upload-abcdef"), target);
    expect(relative.startsWith("..")).toBe(true);
    await expectRefused(clip("evil.mov"), hlsPlaylist(relative), /playlist/);
  });

  it("an HLS playlist naming an http:// URL: nothing is fetched", async () => {
    baitHits = 0;
    await expectRefused(clip("evil.mp4"), hlsPlaylist(baitUrl), /playlist/);
    expect(baitHits).toBe(0);
  });

  it("playlists with concat: and subfile, protocol URLs, and an ffconcat list", async () => {
    await expectRefused(clip("concat.mp4"), hlsPlaylist(`concat:${target}|${target}`), /playlist/);
    await expectRefused(clip("subfile.mp4"), hlsPlaylist(`subfile,,start,0,end,0,,:${target}`), /playlist/);
    await expectRefused(clip("list.mp4"), ffconcatList(target), /ffconcat list/);
  });

  it("an image named as an image2 pattern", async () => {
    await expectRefused(clip("frame-%03d.mp4"), readFileSync(seedMedia("posters/squat.jpg")), /image/);
  });

  it("instruction audio that is a playlist, whatever its name says", async () => {
    const clipId = await uploadedClipId();
    await expectRefused({ purpose: "instruction-audio", filename: "voice.m3u8", contentType: "audio/mp4", videoAssetId: clipId, locale: "en-US" }, hlsPlaylist(`file://${seedMedia("audio/instructions/squat.en-US.m4a")}`), /playlist/);
  });

  it("an MP4 whose moov references its media data in another file", async () => {
    // The file it was made from (its index last, like the rewrite) is accepted below: the refusal is the reference's.
    await expectRefused(clip("reference.mov"), referenceMovie(clipWithMoovLast, target), /outside itself/);
  });
});

let genuineClipId: string | null = null;
async function uploadedClipId(): Promise<string> {
  if (genuineClipId) return genuineClipId;
  const done = await uploadAndProcess(clip("plank.mp4"), readFileSync(seedMedia("clips/plank.mp4")));
  expect(done, done.error ?? "").toMatchObject({ status: "ready" });
  genuineClipId = done.videoAssetId!;
  return genuineClipId;
}

describe("genuine media still succeeds", () => {
  it("an MP4 clip (and one with its index at the end) and an M4A instruction track", async () => {
    const id = await uploadedClipId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await uploadAndProcess(clip("moov-last.mp4"), clipWithMoovLast)).toMatchObject({ status: "ready", error: null });
    const audio = await uploadAndProcess(
      { purpose: "instruction-audio", filename: "voice.m4a", contentType: "audio/mp4", videoAssetId: id, locale: "de-DE" },
      readFileSync(seedMedia("audio/instructions/squat.de-DE.m4a")),
    );
    expect(audio).toMatchObject({ status: "ready", error: null });
  });
});

describe("damaged and oversized files are refused with a clear reason and never hang the worker", () => {
  it("a truncated MP4", async () => {
    const bytes = readFileSync(seedMedia("clips/squat.mp4"));
    await expectRefused(clip("cut.mp4"), bytes.subarray(0, Math.floor(bytes.length / 2)), /ends early/);
  });

  it("a 20000x20000 image", async () => {
    await expectRefused(clip("huge.mp4"), hugePngHeader(20000, 20000), /image/);
  });

  it("ten hours of silent instruction audio (a FLAC of 250 KB)", async () => {
    const clipId = await uploadedClipId();
    expect(tenHoursOfSilence.length).toBeLessThan(1024 * 1024);
    await expectRefused({ purpose: "instruction-audio", filename: "long.wav", contentType: "audio/wav", videoAssetId: clipId, locale: "en-US" }, tenHoursOfSilence, /10:00:00 long; instruction audio is at most 10 minutes/);
  });

  it("a fuzzed MP4 ends either way with a settled status", async () => {
    const bytes = fuzzed(readFileSync(seedMedia("clips/squat.mp4")), 200);
    const done = await uploadAndProcess(clip("fuzzed.mp4"), bytes);
    expect(["ready", "failed"]).toContain(done.status);
    if (done.status === "failed") expect(done.error).toMatch(/^The file .{20,}|^Transcoding .{20,}/);
  });
});
