import { inngestFunction } from "@/server/jobs/inngest-functions";
import { readFileSync } from "node:fs";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { recordExportCheck } from "@/db/queries/exports";
import { instructionAudio, mediaUploads, videoAssets, workoutExportChecks, workouts } from "@/db/schema";
import { getMediaStorage } from "@/server/media/storage";
import { probeMedia } from "@/server/media/ffmpeg";
import { loadExportPlan } from "@/server/services/exports/export-plan";
import { createLibraryOrg } from "@/test/fixtures";
import { createTestOrg } from "@/test/harness";
import { localFileOf } from "@/test/support/media-files";
import { createUpload } from "./create-upload";
import { chunkKey, } from "./receive-chunk";
import { processUpload, sweepStalledUploads } from "./process-upload";
import { recordJobEvents } from "@/test/support/job-events";
import { sendChunks, uploadedClip } from "@/test/support/uploads";
import { LONG_CLIP_SECONDS } from "./clip-hls";

const processMediaUpload = inngestFunction("process-media-upload");
const sweepMediaUploads = inngestFunction("sweep-media-uploads");

/** Job events recorded instead of sent. */
const sent = recordJobEvents();
beforeEach(() => {
  sent.length = 0;
});

const clip = readFileSync(path.resolve(import.meta.dirname, "../../../db/seed/media/clips/plank.mp4"));
const voice = readFileSync(path.resolve(import.meta.dirname, "../../../db/seed/media/audio/instructions/burpee.en-US.m4a"));



describe("the media processing job", () => {
  it("asks no HLS packaging for a short clip (a long one does: media-jobs.slow.int.test.ts)", async () => {
    const org = await createTestOrg();
    const short = await uploadedClip(org.organizationId, clip, "Short plank");
    expect(await processUpload(getDb(), short)).toBe("ready");
    const [asset] = await getDb()
      .select({ seconds: videoAssets.durationSeconds })
      .from(videoAssets)
      .innerJoin(mediaUploads, eq(mediaUploads.videoAssetId, videoAssets.id))
      .where(eq(mediaUploads.id, short));
    expect(asset!.seconds).toBeLessThan(LONG_CLIP_SECONDS);
    expect(sent.filter((e) => e.name === "media/clip.package")).toEqual([]);
  });

  it("runs as an Inngest function: one durable step transcodes the upload into a faststart H.264/AAC clip with a poster and a thumbnail", async () => {
    const org = await createTestOrg();
    const id = await uploadedClip(org.organizationId, clip, "Job-made plank");
    const { result, ctx } = await new InngestTestEngine({ function: processMediaUpload }).execute({
      events: [{ name: "media/upload.completed", data: { uploadId: id } }],
    });
    expect(result).toEqual({ outcome: "ready" });
    expect(ctx.step.run).toHaveBeenCalledWith("process", expect.any(Function));
    const [row] = await getDb().select().from(mediaUploads).where(eq(mediaUploads.id, id));
    expect(row).toMatchObject({ status: "ready", progress: 1 });
    const [asset] = await getDb().select().from(videoAssets).where(eq(videoAssets.id, row!.videoAssetId!));
    expect(asset).toMatchObject({ kind: "single-exercise", organizationId: org.organizationId, name: { "en-US": "Job-made plank" } });
    const storage = getMediaStorage();
    expect(await storage.exists(asset!.posterKey!)).toBe(true);
    expect(await storage.exists(asset!.thumbnailKey!)).toBe(true);
    expect(await storage.exists(chunkKey(id, 0))).toBe(false); // chunks are cleaned up
    // The stored file is what the players need: H.264 and AAC, with the index (moov) before the media data.
    const file = await localFileOf(asset!.videoKey);
    const probe = await probeMedia(file);
    expect(probe.video?.codec).toBe("h264");
    const head = readFileSync(file).subarray(0, 4096).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Number.POSITIVE_INFINITY : head.indexOf("mdat"));
    // A second delivery of the event changes nothing.
    const again = await new InngestTestEngine({ function: processMediaUpload }).execute({
      events: [{ name: "media/upload.completed", data: { uploadId: id } }],
    });
    expect(again.result).toEqual({ outcome: "skipped" });
  });

  it("the sweep resends stalled uploads and gives up on old ones", async () => {
    const org = await createTestOrg();
    const stalled = await uploadedClip(org.organizationId, clip, "Stalled");
    const ancient = await uploadedClip(org.organizationId, clip, "Ancient");
    const now = Date.now();
    await getDb()
      .update(mediaUploads)
      .set({ updatedAt: new Date(now - 11 * 60_000) })
      .where(eq(mediaUploads.id, stalled));
    await getDb()
      .update(mediaUploads)
      .set({ updatedAt: new Date(now - 3 * 3600_000), createdAt: new Date(now - 3 * 3600_000) })
      .where(eq(mediaUploads.id, ancient));
    const result = await sweepStalledUploads(getDb(), new Date(now));
    expect(result.resent).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [a] = await getDb().select().from(mediaUploads).where(eq(mediaUploads.id, ancient));
    expect(a).toMatchObject({ status: "failed" });
    const { result: cron } = await new InngestTestEngine({ function: sweepMediaUploads }).execute();
    expect(cron).toMatchObject({ resent: expect.any(Number), failed: expect.any(Number) });
  });

  it("a new instruction track asks for new exports of every published workout that speaks it, and only those", async () => {
    const org = await createLibraryOrg();
    const db = getDb();
    // A single-exercise clip that several published workouts of the library play.
    const [used] = await db.execute<{ id: string }>(sql`
      select s.video_asset_id as id from workout_segments s
      join workouts w on w.id = s.workout_id and w.status = 'published'
      join video_assets a on a.id = s.video_asset_id and a.kind = 'single-exercise'
      where w.organization_id = ${org.organizationId} and s.kind = 'exercise'
      group by s.video_asset_id having count(distinct w.id) >= 2
      order by count(distinct w.id) desc, s.video_asset_id limit 1`);
    const clipId = used!.id;
    const users = await db.execute<{ id: string }>(sql`
      select distinct s.workout_id as id from workout_segments s join workouts w on w.id = s.workout_id
      where s.video_asset_id = ${clipId} and w.status = 'published' and w.deleted_at is null order by 1`);
    const [unpublished, ...published] = users.map((r) => r.id);
    await db.update(workouts).set({ status: "draft" }).where(eq(workouts.id, unpublished!));
    // One of them was confirmed current by an earlier render.
    await recordExportCheck(db, published[0]!, ["en-US"], new Date());
    const before = await loadExportPlan(db, published[0]!);

    const u = await createUpload(db, {
      organizationId: org.organizationId,
      trainerId: null,
      input: { purpose: "instruction-audio", filename: "take-2.m4a", contentType: "audio/mp4", sizeBytes: voice.length, videoAssetId: clipId, locale: "en-US" },
    });
    await sendChunks(org.organizationId, u, voice);
    expect(await processUpload(db, u.id)).toBe("ready");

    const [track] = await db
      .select()
      .from(instructionAudio)
      .where(and(eq(instructionAudio.videoAssetId, clipId), eq(instructionAudio.locale, "en-US"), eq(instructionAudio.type, "exerciseInstruction")));
    expect(track!.assetKey).toContain(u.id);
    // After the commit: one render request per published workout using the clip, none for the draft or other workouts.
    expect(sent.filter((e) => e.name === "workouts/content.changed").sort((a, b) => String(a.data.workoutId).localeCompare(String(b.data.workoutId)))).toEqual(
      published.map((workoutId) => ({ name: "workouts/content.changed", data: { workoutId, reason: "media" } })),
    );
    // In the same transaction: their export checks are reset and a request recorded, so the sweep makes up a lost event.
    const checks = await db.select().from(workoutExportChecks).where(inArray(workoutExportChecks.workoutId, published));
    expect(checks).toHaveLength(published.length);
    for (const c of checks) expect(c).toMatchObject({ checkedAt: null, requestedAt: expect.any(Date) });
    expect(await db.select().from(workoutExportChecks).where(eq(workoutExportChecks.workoutId, unpublished!))).toEqual([]);
    // And the render it asks for has something new to render: the en-US export's version changed.
    const after = await loadExportPlan(db, published[0]!);
    if ("skip" in before || "skip" in after) throw new Error("the workout has no export plan");
    expect(after.plan.versions["en-US"]).not.toBe(before.plan.versions["en-US"]);
  });

  it("an instruction track that cannot be read changes nothing and asks for no render", async () => {
    const org = await createLibraryOrg();
    const db = getDb();
    const clipId = org.library.videoAssetIds[0]!;
    const bytes = Buffer.from("not audio at all");
    const u = await createUpload(db, {
      organizationId: org.organizationId,
      trainerId: null,
      input: { purpose: "instruction-audio", filename: "x.m4a", contentType: "audio/mp4", sizeBytes: bytes.length, videoAssetId: clipId, locale: "en-US" },
    });
    await sendChunks(org.organizationId, u, bytes);
    expect(await processUpload(db, u.id)).toBe("failed");
    expect(sent.filter((e) => e.name === "workouts/content.changed")).toEqual([]);
    expect(
      await db
        .select()
        .from(instructionAudio)
        .where(and(eq(instructionAudio.videoAssetId, clipId), sql`${instructionAudio.assetKey} like ${`%${u.id}%`}`)),
    ).toEqual([]);
  });
});
