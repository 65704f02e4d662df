import { inngestFunction } from "@/server/jobs/inngest-functions";
import { readFile } from "node:fs/promises";
import { announced, subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { claimExport, listWorkoutsDueForExport } from "@/db/queries/exports";
import { adjustWorkoutRating } from "@/db/queries/feedback";
import { instructionAudio, videoAssets, workoutExportChecks, workoutExports, workoutSegments, workouts } from "@/db/schema";
import { startJobWorker, stopJobWorker } from "@/server/jobs/worker";
import { probeMedia } from "@/server/media/ffmpeg";
import { isFaststart } from "@/server/media/mp4";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { localFileOf } from "@/test/support/media-files";
import { createExportWorkout, recordingIo } from "@/test/support/exports";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { loadExportPlan } from "./export-plan";
import { renderExportLocale } from "./render-export";
import { renderWorkoutExports } from "./render-workout-exports";
import { requestWorkoutExports } from "./request-exports";
import { sweepWorkoutExports } from "./sweep-exports";

const renderFunction = inngestFunction("render-workout-exports");
const sweepFunction = inngestFunction("sweep-workout-exports");

useTestApp();

const db = () => getDb();
let lib: TestLibraryOrg;
/**
 * The tests that render every locale (eight files of about 50 s of picture and sound): 30-50 s alone
 * on two cores; in CI's second pass, beside the fault tests and the slow renders on a slower
 * machine, one took over 180 s (2026-11-29).
 */
const RENDERS_TIMEOUT_MS = 480_000;

beforeAll(async () => {
  lib = await createLibraryOrg();
});

/** A short workout with every kind of visual: intro, a timed and a counted exercise, a break on an image, a promo with its own sound, an outro. */
function smallWorkout(overrides: { trainerLocale?: string; videoAudioMode?: string; breakSeconds?: number } = {}) {
  return createExportWorkout(db(), {
    organizationId: lib.organizationId,
    exerciseIdByKey: lib.library.exerciseIdByKey,
    trainerLocale: overrides.trainerLocale ?? "de-DE",
    videoAudioMode: overrides.videoAudioMode,
    segments: [
      { kind: "intro" },
      { kind: "exercise", exercise: "squat", workSeconds: 11 },
      { kind: "break", seconds: overrides.breakSeconds ?? 4.5 },
      { kind: "exercise", exercise: "push-up", reps: 5 },
      { kind: "promo" },
      { kind: "outro" },
    ],
  });
}

/** Runs the export job as the queue would: again for every follow-up it sends. */
async function renderAll(workoutId: string, reason: "published" | "locales") {
  for (let i = 0; i < 20; i++) {
    const io = recordingIo();
    await renderWorkoutExports(db(), io, { workoutId, reason: i === 0 ? reason : "locales" });
    if (io.events.length === 0) return;
  }
  throw new Error("the export job kept queueing follow-ups");
}

const exportRows = (workoutId: string) =>
  db().select().from(workoutExports).where(eq(workoutExports.workoutId, workoutId)).orderBy(workoutExports.locale, workoutExports.kind);

const streamUrl = (workoutId: string, kind: "video" | "audio", locale?: string) =>
  call(`/v1/workouts/${workoutId}/export/${kind}/stream_url${locale ? `?locale=${locale}` : ""}`, { key: lib.key });

async function playlistSeconds(workoutId: string): Promise<number> {
  const res = await call(`/v1/workouts/${workoutId}/playlist`, { key: lib.key });
  expect(res.status).toBe(200);
  return res.body.data.reduce((sum: number, entry: Record<string, { duration: number }>) => sum + Object.values(entry)[0]!.duration, 0);
}

/** The stored file (a downloaded copy when the run keeps its media in S3). */
const storedFile = localFileOf;

describe("rendering a workout's exports", () => {
  let workoutId: string;

  beforeAll(async () => {
    workoutId = await smallWorkout();
  });

  it("renders the trainer's locale first (MP4 and M4A), then queues the others", async () => {
    expectError(await streamUrl(workoutId, "video"), 404, "NotFound");
    await subscribeToAllEvents(lib);
    const io = recordingIo();
    const result = await renderWorkoutExports(db(), io, { workoutId, reason: "published" });
    expect(io.steps).toEqual(["plan", "render-de-DE"]);
    expect(result).toMatchObject({ queued: ["en-US", "es-ES", "fr-FR"] });
    expect(io.events).toEqual([{ name: "workouts/exports.pending", data: { workoutId, reason: "locales" } }]);
    const rows = await exportRows(workoutId);
    expect(rows.map((r) => [r.locale, r.kind, r.status])).toEqual([
      ["de-DE", "audio", "ready"],
      ["de-DE", "video", "ready"],
    ]);
    const heard = (await announced(lib.organizationId, "workout.export.ready")).filter((e) => e.workoutId === workoutId);
    expect(heard.map((e) => `${e.locale}:${e.kind}`).sort()).toEqual(["de-DE:audio", "de-DE:video"]);
    expect(heard.map((e) => e.exportId).sort()).toEqual(rows.map((r) => r.id).sort());

    // One locale per run, each queueing the next, until every locale is current.
    const runs: string[][] = [];
    let last: Awaited<ReturnType<typeof renderWorkoutExports>> | undefined;
    for (let i = 0; i < 6; i++) {
      const run = recordingIo();
      last = await renderWorkoutExports(db(), run, { workoutId, reason: "locales" });
      runs.push(run.steps);
      if (run.events.length === 0) break;
    }
    expect(runs).toEqual([
      ["plan", "render-en-US"],
      ["plan", "render-es-ES"],
      ["plan", "render-fr-FR", "finish"],
    ]);
    expect(last).toMatchObject({ current: true });
    expect((await exportRows(workoutId)).filter((r) => r.status === "ready")).toHaveLength(8);
    const [check] = await db().select().from(workoutExportChecks).where(eq(workoutExportChecks.workoutId, workoutId));
    expect(check?.locales).toEqual(["de-DE", "en-US", "es-ES", "fr-FR"]);
  }, RENDERS_TIMEOUT_MS);

  it("writes a progressive MP4 as long as the playlist, with H.264 video and AAC audio", async () => {
    const seconds = await playlistSeconds(workoutId);
    const res = await streamUrl(workoutId, "video", "de-DE");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const key = decodeURIComponent(new URL(res.text).pathname.slice("/media/".length));
    const probe = await probeMedia(await storedFile(key));
    expect(Math.abs(probe.durationSeconds - seconds)).toBeLessThan(1);
    expect(probe.video).toMatchObject({ codec: "h264", fps: 25 });
    expect(probe.audio).toMatchObject({ codec: "aac" });
    expect(isFaststart(await readFile(await storedFile(key)))).toBe(true);
  });

  it("writes an M4A with the same sound and no picture", async () => {
    const seconds = await playlistSeconds(workoutId);
    const res = await streamUrl(workoutId, "audio", "fr-FR");
    expect(res.status, res.text).toBe(200);
    const key = decodeURIComponent(new URL(res.text).pathname.slice("/media/".length));
    expect(key).toMatch(/\.m4a$/);
    const probe = await probeMedia(await storedFile(key));
    expect(probe.video).toBeNull();
    expect(probe.audio).toMatchObject({ codec: "aac" });
    expect(Math.abs(probe.durationSeconds - seconds)).toBeLessThan(1);
    expect(isFaststart(await readFile(await storedFile(key)))).toBe(true);
  });

  it("serves the signed URL with Range support", async () => {
    const url = (await streamUrl(workoutId, "video")).text;
    expect(Number(new URL(url).searchParams.get("exp")) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    const res = await fetch(url, { headers: { range: "bytes=0-1023" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-range")).toMatch(/^bytes 0-1023\/\d+$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(1024);
    expect(Buffer.from(bytes.subarray(4, 8)).toString("latin1")).toBe("ftyp");
  });

  it("answers with the spec's locale rules over the rendered rows", async () => {
    const key = async (kind: "video" | "audio", locale?: string) => {
      const res = await streamUrl(workoutId, kind, locale);
      return res.status === 200 ? /\/exports\/[0-9a-f]{24}\/([a-zA-Z-]+)-(video|audio)-/.exec(res.text)?.[1] : res.status;
    };
    expect(await key("video", "es-ES")).toBe("es-ES");
    expect(await key("video", "en-GB")).toBe(404); // video: exact locale only
    expect(await key("video", "xx-YY")).toBe(404); // unsupported: no English fallback
    expect(await key("video")).toBe("fr-FR"); // the latest of any locale
    expect(await key("audio")).toBe("de-DE"); // the trainer's preferred locale
    expect(await key("audio", "en-AU")).toBe("en-US"); // same language
    expect(await key("audio", "de-DE")).toBe("de-DE");
    expect(await key("audio", "it-IT")).toBe(404); // never another language
    expect(await key("audio", "no")).toBe(404);
  });
});

describe("versions", () => {
  let workoutId: string;

  beforeAll(async () => {
    workoutId = await smallWorkout({ trainerLocale: "en-US" });
    await renderAll(workoutId, "published");
  }, RENDERS_TIMEOUT_MS);

  it("copies an export with equal inputs instead of rendering it again", async () => {
    const rows = await exportRows(workoutId);
    expect(rows.filter((r) => r.status === "ready")).toHaveLength(8);
    // The first describe rendered the same playlist for another workout: same versions, copied files.
    const plan = await loadExportPlan(db(), workoutId);
    expect("plan" in plan && plan.plan.versions["en-US"]).toBe(rows.find((r) => r.locale === "en-US")!.version);
    const result = await renderExportLocale(db(), (plan as { plan: Parameters<typeof renderExportLocale>[1] }).plan, "en-US");
    expect(result).toMatchObject({ video: "current", audio: "current" });
  });

  it("does not re-render after a rating or a rename", async () => {
    const before = await exportRows(workoutId);
    await adjustWorkoutRating(db(), workoutId, { sum: 5, count: 1 });
    await db()
      .update(workouts)
      .set({ name: { "en-US": "Renamed" } })
      .where(eq(workouts.id, workoutId));
    const run = recordingIo();
    const result = await renderWorkoutExports(db(), run, { workoutId, reason: "playlist" });
    expect(result).toMatchObject({ rendered: [], current: true });
    expect(run.steps).toEqual(["plan", "finish"]);
    expect(await exportRows(workoutId)).toEqual(before);
  });

  it("supersedes the old version when the playlist changes: 404 while the new one renders, never the old one", async () => {
    const old = (await exportRows(workoutId)).find((r) => r.locale === "en-US" && r.kind === "video")!;
    await db()
      .update(workoutSegments)
      .set({ workSeconds: 9, durationSeconds: 9 })
      .where(and(eq(workoutSegments.workoutId, workoutId), eq(workoutSegments.kind, "exercise"), eq(workoutSegments.position, 1)));
    // Changed and not rendered yet: still processing (spec: 404), although the old files exist.
    expectError(await streamUrl(workoutId, "video", "en-US"), 404, "NotFound");
    expectError(await streamUrl(workoutId, "audio", "de-DE"), 404, "NotFound");
    const first = recordingIo();
    await renderWorkoutExports(db(), first, { workoutId, reason: "playlist" });
    // The first locale has its new version; the others are still processing.
    const en = await streamUrl(workoutId, "video", "en-US");
    expect(en.status, en.text).toBe(200);
    expect(en.text).not.toContain(old.id);
    expectError(await streamUrl(workoutId, "video", "de-DE"), 404, "NotFound");
    await renderAll(workoutId, "locales");
    expect((await streamUrl(workoutId, "video", "de-DE")).status).toBe(200);
    const rows = await exportRows(workoutId);
    expect(rows.filter((r) => r.status === "ready")).toHaveLength(8);
    expect(rows.filter((r) => r.status === "superseded")).toHaveLength(8);
    const oldRow = rows.find((r) => r.id === old.id)!;
    expect(oldRow).toMatchObject({ status: "superseded", assetKey: old.assetKey });
    expect(oldRow.supersededAt).toBeInstanceOf(Date);
    const fresh = rows.find((r) => r.locale === "en-US" && r.kind === "video" && r.status === "ready")!;
    expect(fresh.version).not.toBe(old.version);
    expect(Math.abs(fresh.durationSeconds! - (await playlistSeconds(workoutId)))).toBeLessThan(1);
    // Old URLs keep working until they expire; the sweep deletes the file after that.
    expect(await getMediaStorage().exists(old.assetKey!)).toBe(true);
  }, RENDERS_TIMEOUT_MS);

  it("leaves a locale another worker renders, or whose attempts are used up, and renders the others", async () => {
    const other = await smallWorkout();
    const outcome = await loadExportPlan(db(), other);
    if (!("plan" in outcome)) throw new Error("no plan");
    const v = outcome.plan.versions;
    await db()
      .insert(workoutExports)
      .values([
        { workoutId: other, kind: "video", locale: "de-DE", version: v["de-DE"]!, status: "rendering", leaseUntil: new Date(Date.now() + 600_000) },
        { workoutId: other, kind: "audio", locale: "de-DE", version: v["de-DE"]!, status: "rendering", leaseUntil: new Date(Date.now() + 600_000) },
        { workoutId: other, kind: "video", locale: "fr-FR", version: v["fr-FR"]!, status: "failed", attempts: 5, lastError: "broken" },
        { workoutId: other, kind: "audio", locale: "fr-FR", version: v["fr-FR"]!, status: "failed", attempts: 5, lastError: "broken" },
      ]);
    await renderAll(other, "published");
    const rows = await exportRows(other);
    expect(rows.filter((r) => r.status === "ready").map((r) => r.locale)).toEqual(["en-US", "en-US", "es-ES", "es-ES"]);
    expect(rows.filter((r) => r.locale === "fr-FR").map((r) => [r.status, r.attempts])).toEqual([
      ["failed", 5],
      ["failed", 5],
    ]);
    const [check] = await db().select().from(workoutExportChecks).where(eq(workoutExportChecks.workoutId, other));
    expect(check?.checkedAt ?? null).toBeNull(); // not current: the sweep comes back for it
  }, 120_000);

  it("lets exactly one of two workers claim a version", async () => {
    const args = { workoutId, kind: "video" as const, locale: "it-IT", version: "race", leaseSeconds: 60 };
    const claims = await Promise.all([claimExport(db(), args), claimExport(db(), args), claimExport(db(), args)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await db().delete(workoutExports).where(eq(workoutExports.version, "race"));
  });
});

describe("videoAudioMode and mixBgMusic", () => {
  const planOf = async (workoutId: string) => {
    const outcome = await loadExportPlan(db(), workoutId);
    if (!("plan" in outcome)) throw new Error("no plan");
    return outcome.plan;
  };

  it("full: voice-over, the once-played clips' sound and music; looped demos stay silent", async () => {
    const plan = await planOf(await smallWorkout({ trainerLocale: "en-US" }));
    expect(plan.common.segments.map((s) => [s.kind, s.sound !== null])).toEqual([
      ["intro", true],
      ["exercise", false],
      ["break", false],
      ["exercise", false],
      ["promo", true],
      ["outro", true],
    ]);
    expect(plan.common.music.length).toBeGreaterThan(0);
    expect(plan.voices["de-DE"]!.map((v) => v.length)).toEqual([1, 1, 0, 1, 0, 1]);
    // Never another language: the German export has no English cue.
    expect(plan.voices["de-DE"]!.flat().every((k) => k.includes("de-DE"))).toBe(true);
  });

  it("voice-and-music: no clip sound; clip-only: only clip sound, one locale; music-only; mixBgMusic false: no music", async () => {
    const voice = await planOf(await smallWorkout({ videoAudioMode: "voice-and-music" }));
    expect(voice.common.segments.every((s) => s.sound === null)).toBe(true);
    expect(voice.common.music.length).toBeGreaterThan(0);
    const original = await planOf(await smallWorkout({ videoAudioMode: "clip-only" }));
    expect(original.locales).toEqual(["de-DE"]);
    expect(original.voices["de-DE"]!.flat()).toEqual([]);
    expect(original.common.music).toEqual([]);
    expect(original.common.segments.some((s) => s.sound !== null)).toBe(true);
    const musicOnly = await planOf(await smallWorkout({ videoAudioMode: "music-only" }));
    expect(musicOnly.locales).toEqual(["de-DE"]);
    expect(musicOnly.voices["de-DE"]!.flat()).toEqual([]);
    expect(musicOnly.common.segments.every((s) => s.sound === null)).toBe(true);
    expect(musicOnly.common.music.length).toBeGreaterThan(0);
    // Rows written before the four modes: `original` reads as clip-only.
    expect((await planOf(await smallWorkout({ videoAudioMode: "original" }))).versions["de-DE"]).toBe(original.versions["de-DE"]);
    const quiet = await smallWorkout();
    await db().update(workouts).set({ mixBgMusic: false }).where(eq(workouts.id, quiet));
    const plan = await planOf(quiet);
    expect(plan.common.music).toEqual([]);
    expect(plan.versions["de-DE"]).not.toBe((await planOf(await smallWorkout())).versions["de-DE"]);
  });
});

describe("failures", () => {
  /** Local storage that breaks while writing video files: half the bytes reach the key, then an error. */
  function failingVideoStorage(): MediaStorage {
    const inner = getMediaStorage();
    return {
      stat: (k) => inner.stat(k),
      read: (k, r) => inner.read(k, r),
      delete: (k) => inner.delete(k),
      exists: (k) => inner.exists(k),
      put: async (key, data, contentType) => {
        if (!key.endsWith(".mp4")) return inner.put(key, data, contentType);
        await inner.put(key, Buffer.from("half an mp4"), contentType);
        throw new Error("storage went away");
      },
    };
  }

  it("never leaves a half-written file visible, records the failure and recovers on retry", async () => {
    const workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      segments: [{ kind: "exercise", exercise: "lunge", workSeconds: 7 }, { kind: "break", seconds: 3 }],
    });
    const outcome = await loadExportPlan(db(), workoutId);
    if (!("plan" in outcome)) throw new Error("no plan");
    await expect(renderExportLocale(db(), outcome.plan, "en-US", { storage: failingVideoStorage() })).rejects.toThrow("storage went away");
    const rows = await exportRows(workoutId);
    const video = rows.find((r) => r.kind === "video" && r.locale === "en-US")!;
    expect(video).toMatchObject({ status: "failed", assetKey: null, attempts: 1, lastError: "storage went away" });
    expectError(await streamUrl(workoutId, "video"), 404, "NotFound");
    expect(await getMediaStorage().exists(`exports/${workoutId}/en-US-video-${video.id}.mp4`)).toBe(false);
    // The audio was complete before the video failed: it is served.
    expect((await streamUrl(workoutId, "audio", "en-US")).status).toBe(200);

    const retry = await renderExportLocale(db(), outcome.plan, "en-US");
    expect(retry).toMatchObject({ video: "rendered", audio: "current" });
    expect((await exportRows(workoutId)).find((r) => r.id === video.id)).toMatchObject({ status: "ready", attempts: 2, lastError: null });
    expect((await streamUrl(workoutId, "video", "en-US")).status).toBe(200);
  }, 120_000);

  it("shows black for a break image that is gone and leaves a missing voice track out", async () => {
    const workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      segments: [{ kind: "exercise", exercise: "bird-dog", workSeconds: 6 }, { kind: "break", seconds: 3, image: "seed/images/gone.jpg" }],
    });
    await db().insert(instructionAudio).values({
      videoAssetId: lib.library.exerciseIdByKey.get("bird-dog")!,
      locale: "it-IT",
      type: "exerciseInstruction",
      assetKey: "seed/audio/instructions/gone.it-IT.m4a",
    });
    const outcome = await loadExportPlan(db(), workoutId);
    if (!("plan" in outcome)) throw new Error("no plan");
    expect(outcome.plan.locales).toContain("it-IT");
    await expect(renderExportLocale(db(), outcome.plan, "it-IT")).resolves.toMatchObject({ video: "rendered", audio: "rendered" });
    expect((await streamUrl(workoutId, "video", "it-IT")).status).toBe(200);
  }, 60_000);

  it("fails a render whose media cannot be read, and the job system sees the error", async () => {
    await getMediaStorage().put(`uploads/${lib.organizationId}/broken.mp4`, Buffer.from("not a video at all"), "video/mp4");
    const [asset] = await db()
      .insert(videoAssets)
      .values({ organizationId: lib.organizationId, kind: "promo", name: { "en-US": "Broken" }, videoKey: `uploads/${lib.organizationId}/broken.mp4`, durationSeconds: 4 })
      .returning({ id: videoAssets.id });
    const workoutId = await smallWorkout();
    await db().update(workoutSegments).set({ videoAssetId: asset!.id }).where(and(eq(workoutSegments.workoutId, workoutId), eq(workoutSegments.kind, "promo")));
    await expect(renderWorkoutExports(db(), recordingIo(), { workoutId, reason: "media" })).rejects.toThrow(/ffmpeg failed/);
    const rows = await exportRows(workoutId);
    expect(rows.map((r) => [r.kind, r.status, r.assetKey])).toEqual([
      ["audio", "failed", null],
      ["video", "failed", null],
    ]);
    expectError(await streamUrl(workoutId, "video"), 404, "NotFound");
    expectError(await streamUrl(workoutId, "audio"), 404, "NotFound");
  }, 60_000);
});

describe("clips in other formats", () => {
  it("normalizes uploads to the export's format once, and mixes stereo music in stereo", async () => {
    const { runFfmpeg } = await import("@/server/media/ffmpeg");
    const { mkdtemp } = await import("node:fs/promises");
    const dir = await mkdtemp("/tmp/forma-upload-");
    // A phone-like clip: 640x360, 30 fps, High profile, stereo 48 kHz.
    await runFfmpeg([
      "-f", "lavfi", "-i", "testsrc=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000",
      "-t", "6", "-ac", "2", "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-c:a", "aac", `${dir}/clip.mp4`,
    ]);
    await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=44100", "-t", "20", "-ac", "2", "-c:a", "aac", `${dir}/music.m4a`]);
    const storage = getMediaStorage();
    const clipKey = `uploads/${lib.organizationId}/phone-clip.mp4`;
    await storage.put(clipKey, await readFile(`${dir}/clip.mp4`), "video/mp4");
    const [asset] = await db()
      .insert(videoAssets)
      .values({ organizationId: lib.organizationId, kind: "educational", name: { "en-US": "Phone clip" }, videoKey: clipKey, durationSeconds: 6 })
      .returning({ id: videoAssets.id });
    const workoutId = await smallWorkout({ trainerLocale: "en-US" });
    await db().update(workoutSegments).set({ videoAssetId: asset!.id, durationSeconds: 6 }).where(and(eq(workoutSegments.workoutId, workoutId), eq(workoutSegments.kind, "promo")));
    await db().execute(sql`update music_tracks set asset_key = ${`uploads/${lib.organizationId}/music.m4a`} where organization_id = ${lib.organizationId}`);
    await storage.put(`uploads/${lib.organizationId}/music.m4a`, await readFile(`${dir}/music.m4a`), "audio/mp4");
    try {
      const outcome = await loadExportPlan(db(), workoutId);
      if (!("plan" in outcome)) throw new Error("no plan");
      await renderExportLocale(db(), outcome.plan, "en-US");
      const video = (await exportRows(workoutId)).find((r) => r.kind === "video")!;
      const probe = await probeMedia(await storedFile(video.assetKey!));
      expect(probe.video).toMatchObject({ codec: "h264", profile: "Main", width: 320, height: 180, fps: 25 });
      expect(probe.audio).toMatchObject({ codec: "aac", sampleRate: 44100, channels: 2 });
      expect(Math.abs(probe.durationSeconds - (await playlistSeconds(workoutId)))).toBeLessThan(1);
      await expect(runFfmpeg(["-v", "error", "-i", await storedFile(video.assetKey!), "-f", "null", "-"])).resolves.toBeDefined();
    } finally {
      await db().execute(sql`update music_tracks set asset_key = 'seed/music/' || filename where organization_id = ${lib.organizationId}`);
    }
  }, 120_000);
});

describe("jobs", () => {
  it("runs as an Inngest function (@inngest/test): the first locale, then a follow-up event", async () => {
    // A playlist no other test renders (a 4-second break): the function must render it, not copy an equal export.
    const workoutId = await smallWorkout({ trainerLocale: "en-US", breakSeconds: 4 });
    const t = new InngestTestEngine({ function: renderFunction });
    const { result, ctx, error } = await t.execute({
      events: [{ name: "workouts/content.changed", data: { workoutId, reason: "published" } }],
      // No Inngest server to send the follow-up to: the step answers as if it had sent it.
      steps: [{ id: "render-other-locales", handler: () => ({ ids: ["sent"] }) }],
    });
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ workoutId, queued: ["de-DE", "es-ES", "fr-FR"] });
    expect((result as { rendered: { locale: string; video: string }[] }).rendered).toEqual([expect.objectContaining({ locale: "en-US", video: "rendered", audio: "rendered" })]);
    expect(ctx.step.run).toHaveBeenCalledWith("plan", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("render-en-US", expect.any(Function));
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("render-other-locales", { name: "workouts/exports.pending", data: { workoutId, reason: "locales" } });
    expect((await streamUrl(workoutId, "audio")).status).toBe(200);
  }, 60_000);

  it("sweeps: requests missing exports once, and purges superseded files whose URLs expired", async () => {
    const workoutId = await smallWorkout();
    // Just past the time its event gets, and the most recent workout due: this run's sweep picks it first.
    const due = (limit: number) => listWorkoutsDueForExport(db(), { limit, requestedWithinMinutes: 15, reverifyDays: 7, settleSeconds: 120 });
    expect(await due(1000)).not.toContain(workoutId);
    await db().execute(sql`update workouts set updated_at = now() - interval '121 seconds' where id = ${workoutId}`);
    expect(await due(1)).toEqual([workoutId]);
    const key = `exports/${workoutId}/en-US-video-old.mp4`;
    await getMediaStorage().put(key, Buffer.from("old"), "video/mp4");
    const [old] = await db()
      .insert(workoutExports)
      .values({ workoutId, kind: "video", locale: "en-US", version: "old", status: "superseded", assetKey: key, supersededAt: new Date(Date.now() - 9 * 86_400_000) })
      .returning();

    const run = recordingIo();
    const swept = await sweepWorkoutExports(db(), run);
    expect(run.events).toContainEqual({ name: "workouts/exports.pending", data: { workoutId, reason: "sweep" } });
    expect(swept.purged).toBeGreaterThanOrEqual(1);
    expect(await getMediaStorage().exists(key)).toBe(false);
    expect(await db().select().from(workoutExports).where(eq(workoutExports.id, old!.id))).toEqual([]);

    // Requested: the next sweep (here the Inngest function) leaves it to the queued render.
    const sent: unknown[] = [];
    const t = new InngestTestEngine({
      function: sweepFunction,
      transformCtx: (ctx) => {
        const mocked = mockCtx(ctx) as typeof ctx;
        // No Inngest server to send to: record what the sweep sends.
        mocked.step.sendEvent = vi.fn(async (_id: string, payload: unknown) => {
          sent.push(payload);
          return { ids: [] };
        }) as never;
        return mocked;
      },
    });
    const again = await t.execute();
    expect(again.error).toBeUndefined();
    expect(again.result).toMatchObject({ purged: expect.any(Number) });
    expect(sent.map((e) => (e as { data: { workoutId: string } }).data.workoutId)).not.toContain(workoutId);
    const [check] = await db().select().from(workoutExportChecks).where(eq(workoutExportChecks.workoutId, workoutId));
    expect(check?.requestedAt).toBeInstanceOf(Date);
    expect(check?.checkedAt).toBeNull();
  });

  it("renders through the local provider (pg-boss): the edit's locale first, the others in the background", async () => {
    const workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      segments: [{ kind: "intro" }, { kind: "exercise", exercise: "burpee", workSeconds: 8 }, { kind: "outro" }],
    });
    // Other test files publish workouts into the same database all along, and every publish queues
    // renders. Their queued renders are dropped first so that this worker takes this test's jobs
    // first (same priority, oldest first) instead of a backlog of other workspaces' renders.
    const lanes = ["render-workout-exports", "render-pending-exports"];
    const [queue] = await db().execute<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as table`);
    if (queue?.table) await db().execute(sql`delete from pgboss.job where name in ${lanes} and state in ('created', 'retry')`);
    await startJobWorker({ pollingIntervalSeconds: 0.5, schedule: false, jobs: lanes });
    try {
      const started = Date.now();
      await requestWorkoutExports(db(), [workoutId], "published");
      const until = async (kind: "video" | "audio") => {
        while (Date.now() - started < 90_000) {
          const res = await streamUrl(workoutId, kind);
          if (res.status === 200) return res;
          expect(res.status).toBe(404);
          await new Promise((r) => setTimeout(r, 250));
        }
        throw new Error(`no ${kind} export after 90 s`);
      };
      expect((await until("audio")).text).toMatch(/\.m4a\?exp=/);
      expect((await until("video")).text).toMatch(/\.mp4\?exp=/);
      // The other locales follow in the background lane, and the check is recorded.
      while (Date.now() - started < 120_000) {
        const [check] = await db().select().from(workoutExportChecks).where(eq(workoutExportChecks.workoutId, workoutId));
        if (check?.checkedAt) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect((await exportRows(workoutId)).filter((r) => r.status === "ready")).toHaveLength(8);
    } finally {
      await stopJobWorker(60_000);
    }
  }, 150_000);
});
