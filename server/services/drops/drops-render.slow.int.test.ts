import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import type { DropAspectRatio } from "@/db/schema";
import { runFfmpeg } from "@/server/media/ffmpeg";
import { getMediaStorage } from "@/server/media/storage";
import { sendJobEvent } from "@/server/jobs";
import { startJobWorker, stopJobWorker } from "@/server/jobs/worker";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { expectPresetCompliantVariant, inlineIo, jpegSize, mediaFile, pointClipAt } from "@/test/support/social";
import { COVER_SIZE, PLATFORM_VIDEO_SIZE } from "./presets";
import { renderDropJob } from "./render-drop";
import { recordJobEvents } from "@/test/support/job-events";

/**
 * The drop renders that take minutes (the "slow" project: CI runs it, `npm test` does not): a
 * render at the platforms' full size from a 1080p source, and pg-boss's real retry backoff.
 * The other drop tests are in drops.int.test.ts.
 */

/** Job events recorded instead of sent: the full-size render runs the job inline, so no worker may race it. */
const sent = recordJobEvents();

useTestApp();

let org: TestLibraryOrg;
const db = () => getDb();
const base = () => `/v1/orgs/${org.organizationId}/drops`;

beforeAll(async () => {
  org = await createLibraryOrg();
});

describe("the drop render job, at full size and through pg-boss's retries", () => {
  const create = async (body: unknown) => {
    const res = await call(base(), { key: org.key, body });
    if (res.status === 202) expect(sent).toContainEqual({ name: "social/drop.requested", data: { dropId: res.body.data.id } });
    return res;
  };

  it("renders at the platforms' full size when the source is large enough: 1080x1920, 1080x1080, 1920x1080 within every preset's rules", async () => {
    // A 1920x1080 clip with stereo sound at 44.1 kHz, 2 s long (so the 15 s reel repeats it).
    const dir = await mkdtemp(path.join(tmpdir(), "forma-drop-src-"));
    const src = path.join(dir, "big.mp4");
    await runFfmpeg([
      ...["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2"],
      ...["-ac", "2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", src],
    ]);
    const key = `tests/drops/${org.organizationId}/big-${Date.now()}.mp4`;
    await getMediaStorage().put(key, await readFile(src), "video/mp4");
    await rm(dir, { recursive: true, force: true });
    const clipId = org.library.videoAssetIds[1]!;
    await pointClipAt(clipId, key);
    const res = await create({ sourceType: "exercise", sourceId: clipId, durations: [15] });
    expect(res.status, res.text).toBe(202);
    expect(await renderDropJob(inlineIo(), res.body.data.id)).toEqual({ status: "ready", ready: 3, failed: 0 });
    const d = (await call(`${base()}/${res.body.data.id}`, { key: org.key })).body.data;
    for (const v of d.variants) {
      const aspect = v.aspectRatio as DropAspectRatio;
      expect(v).toMatchObject({ ...PLATFORM_VIDEO_SIZE[aspect], limitedBySource: false, status: "ready", attempts: 0, cover: COVER_SIZE[aspect] });
      const file = await mediaFile(new URL(v.previewUrl).pathname.replace(/^\/media\//, ""));
      const { bytes } = await expectPresetCompliantVariant(file, aspect, { ...PLATFORM_VIDEO_SIZE[aspect], seconds: 15 });
      expect(v.file).toMatchObject({ ...PLATFORM_VIDEO_SIZE[aspect], bytes, limitedBySource: false });
      expect(jpegSize(Buffer.from(await (await fetch(v.coverUrl)).arrayBuffer()))).toEqual(COVER_SIZE[aspect]);
    }
    const bundle = (await call(`${base()}/${d.id}/export`, { key: org.key, method: "POST", body: { channelPreset: "yt_longform" } })).body.data;
    expect(bundle).toMatchObject({ variant: "16:9_15000", video: { width: 1920, height: 1080, limitedBySource: false }, cover: { width: 1280, height: 720 } });
  }, 300_000);

  it("under the local provider (pg-boss), a render that keeps failing runs three times with backoff, then the drop is failed", async () => {
    const key = `tests/drops/${org.organizationId}/broken-queue-${Date.now()}.mp4`;
    await getMediaStorage().put(key, Buffer.from("this is not a video file, whatever its name says"), "video/mp4");
    const clipId = org.library.videoAssetIds[3]!;
    await pointClipAt(clipId, key);
    const res = await create({ sourceType: "exercise", sourceId: clipId, aspectRatios: ["1:1"], durations: [15] });
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.id;
    const lanes = ["render-social-drop"];
    const [queue] = await db().execute<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as table`);
    if (queue?.table) await db().execute(sql`delete from pgboss.job where name in ${lanes} and state in ('created', 'retry')`);
    await startJobWorker({ pollingIntervalSeconds: 0.5, schedule: false, jobs: lanes });
    onTestFinished(() => stopJobWorker());
    await sendJobEvent({ name: "social/drop.requested", data: { dropId: id } });
    // When each attempt was recorded, as a client polling the detail sees it.
    const seen = new Map<number, number>();
    let d: { status: string; failureReason: string | null; variants: { attempts: number; status: string }[] } | null = null;
    const started = Date.now();
    while (Date.now() - started < 150_000) {
      d = (await call(`${base()}/${id}`, { key: org.key })).body.data;
      const attempts = d!.variants[0]!.attempts;
      if (!seen.has(attempts)) seen.set(attempts, Date.now());
      if (d!.status !== "processing") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(d).toMatchObject({ status: "failed", variants: [{ attempts: 3, status: "failed" }] });
    expect(d!.failureReason).toMatch(/^No variant could be rendered after 3 attempt\(s\): .*(ffmpeg|media file)/);
    // pg-boss's backoff: the first retry 10-20 s after the failure, the second 20-40 s after the next.
    expect(seen.get(2)! - seen.get(1)!).toBeGreaterThanOrEqual(9_000);
    expect(seen.get(3)! - seen.get(2)!).toBeGreaterThanOrEqual(19_000);
  }, 200_000);
});
