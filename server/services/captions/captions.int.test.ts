import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { instructionAudio } from "@/db/schema";
import { signMediaUrl } from "@/server/media/signing";
import { loadExportPlan } from "@/server/services/exports/export-plan";
import { renderExportLocale } from "@/server/services/exports/render-export";
import { clearPlaylistCache } from "@/server/services/content/get-playlist";
import { createExportWorkout } from "@/test/support/exports";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { clipCaptionKey } from "./clip-captions";

useTestApp();

const db = () => getDb();
let lib: TestLibraryOrg;

beforeAll(async () => {
  lib = await createLibraryOrg();
});

interface VttCue {
  start: number;
  end: number;
  text: string;
}

/** A strict little WebVTT reader: the header, then `n`, `start --> end`, text lines. */
function parseVtt(text: string): VttCue[] {
  expect(text.startsWith("WEBVTT")).toBe(true);
  const seconds = (t: string) => {
    const [h, m, s] = t.split(":");
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return text
    .split(/\n\n+/)
    .slice(1)
    .filter((block) => block.includes("-->"))
    .map((block) => {
      const lines = block.split("\n");
      const timing = lines.findIndex((l) => l.includes("-->"));
      const [a, b] = lines[timing]!.split(" --> ");
      return { start: seconds(a!), end: seconds(b!), text: lines.slice(timing + 1).join("\n").trim() };
    });
}

async function fetchVtt(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

const tracksOf = (assetId: string, locale: string) =>
  db().select().from(instructionAudio).where(and(eq(instructionAudio.videoAssetId, assetId), eq(instructionAudio.locale, locale)));

describe("caption tracks of a playlist's segments", () => {
  let workoutId: string;
  let playlist: Record<string, any>[];

  beforeAll(async () => {
    // The seeded clips speak instructions only; a spoken cue (the exercise's name) longer than 2 s is added to the squat.
    const squat = lib.library.exerciseIdByKey.get("squat")!;
    const [instruction] = await tracksOf(squat, "de-DE");
    await db().insert(instructionAudio).values({ videoAssetId: squat, locale: "de-DE", type: "exerciseCue", assetKey: instruction!.assetKey, scriptText: "Kniebeugen. Los geht's!", durationSeconds: 2.6 });
    workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      segments: [{ kind: "intro" }, { kind: "exercise", exercise: "squat", workSeconds: 20 }, { kind: "break", seconds: 5 }, { kind: "promo" }, { kind: "outro" }],
    });
    const res = await call(`/v1/workouts/${workoutId}/playlist?locale=de-DE`, { key: lib.key });
    expect(res.status).toBe(200);
    playlist = res.body.data;
  });

  it("lists one signed WebVTT track per voiced locale on spoken segments only", async () => {
    const exercise = playlist[1]!.exercise;
    const locales = (await db().select({ locale: instructionAudio.locale }).from(instructionAudio).where(eq(instructionAudio.videoAssetId, exercise.exerciseId)))
      .map((r) => r.locale)
      .filter((l, i, all) => all.indexOf(l) === i)
      .sort();
    expect(locales.length).toBeGreaterThan(1);
    expect(exercise.captions.map((c: { locale: string }) => c.locale)).toEqual(locales);
    expect(exercise.captions.find((c: { locale: string }) => c.locale === "de-DE")).toMatchObject({ label: "Deutsch (Deutschland)" });
    for (const c of exercise.captions) expect(c.url).toMatch(/\/media\/captions\/clips\/[0-9a-f]{24}\/exercise\/[A-Za-z-]+\.vtt\?exp=\d+&sig=/);
    expect(playlist[0]!.intro.captions.length).toBeGreaterThan(0);
    expect(playlist[4]!.outro.captions.length).toBeGreaterThan(0);
    // Nothing spoken, no field: a client that ignores captions sees the shapes it always saw.
    expect(playlist[2]!.break).not.toHaveProperty("captions");
    expect(playlist[3]!.promo).not.toHaveProperty("captions");
  });

  it("times an exercise's cue from the start and its instruction after it, from the stored scripts and lengths", async () => {
    const exercise = playlist[1]!.exercise;
    const track = exercise.captions.find((c: { locale: string }) => c.locale === "de-DE");
    const vtt = await fetchVtt(track.url);
    expect(vtt.status).toBe(200);
    expect(vtt.type).toBe("text/vtt; charset=utf-8");
    const cues = parseVtt(vtt.text);
    const rows = await tracksOf(exercise.exerciseId, "de-DE");
    const cue = rows.find((r) => r.type === "exerciseCue")!;
    const instruction = rows.find((r) => r.type === "exerciseInstruction")!;
    // The cue's sentences fill exactly its length from 0; the instruction starts when the cue ends (never before 2 s).
    expect(cue.durationSeconds).toBe(2.6);
    const cueCues = cues.filter((c) => c.start < cue.durationSeconds! - 0.001);
    expect(cueCues[0]!.start).toBe(0);
    expect(cueCues.at(-1)!.end).toBeCloseTo(cue.durationSeconds!, 2);
    expect(cueCues.map((c) => c.text).join(" ")).toBe(cue.scriptText!.replace(/\s+/g, " ").trim());
    const rest = cues.slice(cueCues.length);
    const instructionStart = Math.max(2, cue.durationSeconds!);
    expect(rest[0]!.start).toBeCloseTo(instructionStart, 2);
    expect(rest.at(-1)!.end).toBeCloseTo(instructionStart + instruction.durationSeconds!, 2);
    expect(rest.map((c) => c.text).join(" ")).toBe(instruction.scriptText!.replace(/\s+/g, " ").trim());
    for (const c of cues) expect(c.end).toBeGreaterThan(c.start);
  });

  it("answers conditional requests and HEAD without a body", async () => {
    const url = playlist[0]!.intro.captions[0].url;
    const first = await fetch(url);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(await first.text()));
  });

  it("refuses unsigned, forged and expired caption URLs, and 404s a signed key that names nothing captioned", async () => {
    const url = new URL(playlist[1]!.exercise.captions[0].url);
    const bare = `${url.origin}${url.pathname}`;
    expectError(await call(bare), 403, "Forbidden");
    expectError(await call(`${bare}?exp=${url.searchParams.get("exp")}&sig=${"A".repeat(43)}`), 403, "Forbidden");
    const key = decodeURIComponent(url.pathname.replace(/^\/media\//, ""));
    expectError(await call(signMediaUrl(key, { baseUrl: url.origin, now: Date.now() - 8 * 86_400_000 })), 403, "Forbidden");
    // A promo clip speaks nothing; a locale the clip is not voiced in; a key that is no caption key at all.
    const promoId = playlist[3]!.promo.exerciseId;
    expectError(await call(signMediaUrl(clipCaptionKey(promoId, "exercise", "de-DE"), { baseUrl: url.origin })), 404, "NotFound");
    expectError(await call(signMediaUrl(clipCaptionKey(playlist[1]!.exercise.exerciseId, "exercise", "ja-JP"), { baseUrl: url.origin })), 404, "NotFound");
    expectError(await call(signMediaUrl("captions/clips/nothing.vtt", { baseUrl: url.origin })), 404, "NotFound");
  });

  it("follows a changed script", async () => {
    const exercise = playlist[1]!.exercise;
    await db().update(instructionAudio).set({ scriptText: "Neuer Text. Zweiter Satz!" }).where(and(eq(instructionAudio.videoAssetId, exercise.exerciseId), eq(instructionAudio.locale, "de-DE"), eq(instructionAudio.type, "exerciseCue")));
    clearPlaylistCache();
    const res = await call(`/v1/workouts/${workoutId}/playlist?locale=de-DE`, { key: lib.key });
    const url = res.body.data[1].exercise.captions.find((c: { locale: string }) => c.locale === "de-DE").url;
    const cues = parseVtt((await fetchVtt(url)).text);
    expect(cues.slice(0, 2).map((c) => c.text)).toEqual(["Neuer Text.", "Zweiter Satz!"]);
    // Sentences share the track's time by their length.
    expect(cues[0]!.end - cues[0]!.start).toBeCloseTo(((cues[1]!.end - cues[0]!.start) * "Neuer Text.".length) / ("Neuer Text.".length + "Zweiter Satz!".length), 2);
  });
});

describe("GET /v1/workouts/{workoutId}/export/captions/stream_url", () => {
  let workoutId: string;
  const path = (id: string, locale?: string) => `/v1/workouts/${id}/export/captions/stream_url${locale ? `?locale=${locale}` : ""}`;

  beforeAll(async () => {
    workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      trainerLocale: "en-US",
      segments: [{ kind: "intro" }, { kind: "exercise", exercise: "push-up", workSeconds: 12 }, { kind: "break", seconds: 3 }, { kind: "outro" }],
    });
  });

  it("is 404 while the video export is not rendered", async () => {
    expectError(await call(path(workoutId), { key: lib.key }), 404, "NotFound");
    expectError(await call(path(workoutId, "en-US"), { key: lib.key }), 404, "NotFound");
  });

  it("answers a signed WebVTT sidecar timed like the export's mix once the video is ready", async () => {
    const outcome = await loadExportPlan(db(), workoutId);
    if (!("plan" in outcome)) throw new Error("no plan");
    await renderExportLocale(db(), outcome.plan, "en-US");
    const res = await call(path(workoutId, "en-US"), { key: lib.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toMatch(/\/media\/exports\/[0-9a-f]{24}\/en-US-video-[0-9a-f]{24}\.vtt\?exp=\d+&sig=/);
    expect(Number(new URL(res.text).searchParams.get("exp")) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    const vtt = await fetchVtt(res.text);
    expect(vtt.status).toBe(200);
    expect(vtt.type).toBe("text/vtt");
    const cues = parseVtt(vtt.text);
    // The intro's voice-over starts 0.3 s in (the mix's lead); the exercise's cue 0.3 s after the exercise starts.
    const segments = outcome.plan.common.segments;
    expect(cues[0]!.start).toBeCloseTo(0.3, 2);
    const exerciseStart = segments[0]!.seconds;
    const inExercise = cues.filter((c) => c.start >= exerciseStart && c.start < exerciseStart + segments[1]!.seconds);
    expect(inExercise[0]!.start).toBeCloseTo(exerciseStart + 0.3, 2);
    const outroStart = segments.slice(0, 3).reduce((n, s) => n + s.seconds, 0);
    expect(cues.at(-1)!.start).toBeGreaterThanOrEqual(outroStart + 0.3 - 0.001);
    // Nothing during the break, and nothing past a segment's end.
    for (const c of cues) expect(c.start >= exerciseStart + segments[1]!.seconds && c.start < outroStart).toBe(false);
    // The same locale rule as the video: no locale = the latest export; another locale = 404 until rendered.
    expect((await call(path(workoutId), { key: lib.key })).text.split("?")[0]).toBe(res.text.split("?")[0]);
    expectError(await call(path(workoutId, "de-DE"), { key: lib.key }), 404, "NotFound");
    expectError(await call(path(workoutId, "xx-YY"), { key: lib.key }), 404, "NotFound");
  }, 120_000);

  it("is 404 for an export with nothing spoken, an unknown or foreign workout, and checks keys", async () => {
    const silent = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      videoAudioMode: "music-only",
      segments: [{ kind: "exercise", exercise: "squat", workSeconds: 4 }],
    });
    const outcome = await loadExportPlan(db(), silent);
    if (!("plan" in outcome)) throw new Error("no plan");
    await renderExportLocale(db(), outcome.plan, outcome.plan.locales[0]!);
    expect((await call(`/v1/workouts/${silent}/export/video/stream_url`, { key: lib.key })).status).toBe(200);
    const none = expectError(await call(path(silent), { key: lib.key }), 404, "NotFound");
    expect(none.message).toMatch(/no captions/);
    expectError(await call(path("0123456789abcdef01234567"), { key: lib.key }), 404, "NotFound");
    const other = await createTestOrg();
    expectError(await call(path(workoutId), { key: other.key }), 403, "Forbidden");
    expectError(await call(path("not-hex"), { key: lib.key }), 400, "ValidationError");
    await expectAuthMatrix(lib, path(workoutId));
  }, 120_000);
});
