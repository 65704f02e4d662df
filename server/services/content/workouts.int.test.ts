import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clearPlaylistCache } from "./get-playlist";
import { clearWorkoutDetailCache } from "./get-workout";
import { loadExportPlan } from "@/server/services/exports/export-plan";
import { getDb } from "@/db/client";
import { instructionAudio, musicPools, trainers, workoutExports, workoutSegments, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { seedManifest } from "@/db/seed/manifest";
import { categoryId, equipmentId } from "@/db/seed/reference";
import { EXERCISES } from "@/db/seed/data/exercises";
import { WORKOUTS } from "@/db/seed/data/workouts";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
const SEGMENT_KEYS = ["intro", "exercise", "multiExercise", "class", "promo", "educational", "break", "outro"];

let org: TestLibraryOrg;
const wid = (key: string) => org.library.workoutIdByKey.get(key)!;
/** The seeded workouts that are published (the library lists drafts only in workoutIdByKey). */
const published = (lib: TestLibraryOrg = org) => {
  const ids = new Set([...lib.library.workoutIds, ...lib.library.privateWorkoutIds]);
  return WORKOUTS.filter((w) => ids.has(lib.library.workoutIdByKey.get(w.key)!));
};
/** The seeded voice-over script of the workout intro or outro clip in a locale (db/seed/media/manifest.json). */
const voiceScript = async (stem: "workout-intro" | "workout-outro", locale: string) => (await seedManifest())[`audio/${stem}.${locale}.m4a`]!.scriptText!;

beforeAll(async () => {
  org = await createLibraryOrg();
});

/** A call made after the rate limiter's write-behind state went stale (1 s), so X-RateLimit-Remaining is exact. */
async function settledCall(path: string, key: string) {
  await new Promise((r) => setTimeout(r, 1100));
  return call(path, { key });
}

function expectSigned(url: string) {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/seed\/.+\?exp=\d+&sig=[\w-]+$/);
}
function expectPublicImage(url: string | null) {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/public\/seed\/.+\.jpg$/);
}

describe("GET /v1/workouts/{workoutId}", () => {
  it("returns the full detail with every field of the spec", async () => {
    const id = wid("core-crusher");
    const res = await call(`/v1/workouts/${id}`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    const w = res.body.data;
    expect(w).toMatchObject({
      id,
      _id: id,
      organizationId: org.organizationId,
      _teamId: org.organizationId,
      name: "Core Crusher",
      visibility: "public",
      locked: false,
      rating: 0,
      presentationStyle: "full",
      skipWorkoutPreview: false,
      skipWorkoutCompletionScreen: false,
      videoAudioMode: "full",
      organization: { id: org.organizationId },
      audioIntro: { type: "workoutIntro", locale: "en-US", scriptText: await voiceScript("workout-intro", "en-US") },
      audioOutro: { type: "workoutOutro", locale: "en-US", scriptText: await voiceScript("workout-outro", "en-US") },
    });
    expect(Object.keys(w.audioIntro).sort()).toEqual(["locale", "scriptText", "type", "url"]);
    expectSigned(w.audioIntro.url);
    expect(w.audioIntro.url).toContain("/seed/audio/workout-intro.en-US.m4a?");
    expectSigned(w.audioOutro.url);
    expect(w.audioOutro.url).toContain("/seed/audio/workout-outro.en-US.m4a?");
    expect(w.ownerId).toBe(w.trainer.id);
    expect(w._ownerId).toBe(w.ownerId);
    expect(org.library.trainerIds).toContain(w.trainer.id);
    expect(typeof w.trainer.name).toBe("string");
    expect(w.duration).toBeGreaterThan(600);
    expect(["beginner", "intermediate", "advanced"]).toContain(w.difficulty);
    expect(new Date(w.createdAt).toISOString()).toBe(w.createdAt);
    const seed = WORKOUTS.find((x) => x.key === "core-crusher")!;
    expect(w.categories.map((c: { id: string }) => c.id).sort()).toEqual(seed.categoryKeys.map(categoryId).sort());
    for (const c of w.categories) expect(typeof c.name).toBe("string");
    for (const e of w.equipment) expect(Object.keys(e).sort()).toEqual(["equipmentCategoryId", "id", "name"]);
    expect(w.muscleGroupPercentages.length).toBeGreaterThan(2);
    const pcts = w.muscleGroupPercentages.map((m: { percentage: number }) => m.percentage);
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
    expect(pcts.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(99.5);
    expect(pcts.reduce((a: number, b: number) => a + b, 0)).toBeLessThan(100.5);
    expect(w.muscleGroupPercentages[0]).toEqual({
      muscleGroupId: expect.stringMatching(/^[0-9a-f]{24}$/),
      muscleGroupName: expect.any(String),
      percentage: expect.any(Number),
    });
    expectSigned(w.preview.url);
    expectPublicImage(w.preview.poster);
    expectPublicImage(w.preview.thumbnail);
    expectPublicImage(w.images.thumbnail);
    expectPublicImage(w.images.cover);
    expect(Object.keys(w.musicPlaylists).sort()).toEqual(["appleMusic", "spotify", "youtubeMusic"]);
    expect(w.shareLink.url).toContain(`/workouts/${id}?orgId=${org.organizationId}`);
    expect(typeof w.mixBgMusic).toBe("boolean");
    expect(w.allowAssessment).toBe(false);
    expect(w.assessmentType).toBeNull();
  });

  it("derives equipment from the clips the playlist plays (exercises, multiExercise blocks, class chapters)", async () => {
    const seeds = published();
    expect(seeds.length).toBe(org.library.workoutIds.length + org.library.privateWorkoutIds.length);
    for (const seed of seeds) {
      const keys = seed.segments.flatMap((s) =>
        s.kind === "exercise"
          ? [s.exerciseKey]
          : s.kind === "multiExercise"
            ? s.exerciseKeys
            : s.kind === "class"
              ? (s.chapters ?? []).flatMap((c) => c.exerciseKeys)
              : [],
      );
      const expected = new Set(keys.flatMap((k) => EXERCISES.find((e) => e.key === k)!.equipment.map(equipmentId)));
      const res = await call(`/v1/workouts/${wid(seed.key)}`, { key: org.key });
      expect(res.status, seed.key).toBe(200);
      expect(res.body.data.equipment.map((e: { id: string }) => e.id).sort(), seed.key).toEqual([...expected].sort());
    }
    const db = await call(`/v1/workouts/${wid("dumbbell-strength")}`, { key: org.key });
    expect(db.body.data.equipment.map((e: { name: string }) => e.name.toLowerCase()).join(",")).toContain("dumbbell");
  });

  it("localizes and falls back to English", async () => {
    const id = wid("core-crusher");
    const seed = WORKOUTS.find((x) => x.key === "core-crusher")!;
    const de = await call(`/v1/workouts/${id}?locale=de-DE`, { key: org.key });
    expect(de.body.data.name).toBe(seed.name["de-DE"]);
    expect(de.body.data.description).toBe(seed.description["de-DE"]);
    const no = await call(`/v1/workouts/${id}?locale=no`, { key: org.key });
    expect(no.body.data.name).toBe(seed.name["nb-NO"]);
    const xx = await call(`/v1/workouts/${id}?locale=xx-YY`, { key: org.key });
    expect(xx.body.data.name).toBe(seed.name["en-US"]);
    expectError(await call(`/v1/workouts/${id}?locale=12`, { key: org.key }), 400, "ValidationError");
  });

  it("reads private workouts by id; drafts and deleted workouts are 404", async () => {
    const privateId = org.library.privateWorkoutIds[0]!;
    const res = await call(`/v1/workouts/${privateId}`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data.visibility).toBe("private");

    const lib = await createLibraryOrg();
    // The seed keeps "-draft" workouts as drafts: in the workspace, but never readable or listed
    const seededDraft = lib.library.workoutIdByKey.get("sprint-intervals-draft")!;
    expect(seededDraft).toMatch(/^[0-9a-f]{24}$/);
    const [seededRow] = await getDb().select().from(workouts).where(eq(workouts.id, seededDraft));
    expect(seededRow).toMatchObject({ status: "draft", publishedAt: null, deletedAt: null, visibility: "private" });
    expect([...lib.library.workoutIds, ...lib.library.privateWorkoutIds]).not.toContain(seededDraft);
    const publishedBefore = lib.library.workoutIds.length + lib.library.privateWorkoutIds.length;
    expect(publishedBefore).toBe(WORKOUTS.filter((w) => !w.key.endsWith("-draft")).length);

    const draft = lib.library.workoutIdByKey.get("hiit-burn")!;
    const gone = lib.library.workoutIdByKey.get("tabata-inferno")!;
    await getDb().update(workouts).set({ status: "draft" }).where(eq(workouts.id, draft));
    await getDb().update(workouts).set({ deletedAt: new Date() }).where(eq(workouts.id, gone));
    for (const id of [seededDraft, draft, gone]) {
      expectError(await call(`/v1/workouts/${id}`, { key: lib.key }), 404, "NotFound");
      expectError(await call(`/v1/workouts/${id}/playlist`, { key: lib.key }), 404, "NotFound");
      expectError(await call(`/v1/workouts/${id}/music`, { key: lib.key }), 404, "NotFound");
    }
    const list = await call(`/v1/orgs/${lib.organizationId}/workouts?limit=50`, { key: lib.key });
    expect(list.body.links.total).toBe(publishedBefore - 2);
    const listed = list.body.data.map((w: { id: string }) => w.id);
    expect(listed).toHaveLength(publishedBefore - 2);
    for (const id of [seededDraft, draft, gone]) expect(listed).not.toContain(id);
  });

  it("reports the denormalized rating average", async () => {
    const lib = await createLibraryOrg();
    const id = lib.library.workoutIdByKey.get("glute-lab")!;
    await getDb().update(workouts).set({ ratingSum: 14, ratingCount: 3 }).where(eq(workouts.id, id));
    const res = await call(`/v1/workouts/${id}`, { key: lib.key });
    expect(res.body.data.rating).toBe(4.67);
  });

  it("gives audioIntro and audioOutro from the intro and outro clips' voice-overs, with locale fallback", async () => {
    const lib = await createLibraryOrg();
    const id = lib.library.workoutIdByKey.get("hiit-burn")!;
    const segs = await getDb().select().from(workoutSegments).where(eq(workoutSegments.workoutId, id));
    const introAsset = segs.find((s) => s.kind === "intro")!.videoAssetId!;
    const outroAsset = segs.find((s) => s.kind === "outro")!.videoAssetId!;
    const detail = async (locale: string) => (await call(`/v1/workouts/${id}?locale=${locale}`, { key: lib.key })).body.data;

    // The seeded voice-overs: en-US, de-DE, es-ES and fr-FR for both clips
    const seeded = await getDb()
      .select()
      .from(instructionAudio)
      .where(inArray(instructionAudio.videoAssetId, [introAsset, outroAsset]));
    const seededKeys = seeded.map((r) => `${r.type}:${r.locale}`).sort();
    expect(seededKeys).toEqual(["workoutIntro", "workoutOutro"].flatMap((t) => ["de-DE", "en-US", "es-ES", "fr-FR"].map((l) => `${t}:${l}`)).sort());
    for (const locale of ["de-DE", "fr-FR", "es-ES", "en-US"]) {
      const w = await detail(locale);
      expect(w.audioIntro).toEqual({ type: "workoutIntro", locale, scriptText: await voiceScript("workout-intro", locale), url: expect.any(String) });
      expectSigned(w.audioIntro.url);
      expect(w.audioIntro.url).toContain(`/seed/audio/workout-intro.${locale}.m4a?`);
      expect(w.audioOutro).toEqual({ type: "workoutOutro", locale, scriptText: await voiceScript("workout-outro", locale), url: expect.any(String) });
      expectSigned(w.audioOutro.url);
      expect(w.audioOutro.url).toContain(`/seed/audio/workout-outro.${locale}.m4a?`);
    }
    expect((await detail("en-GB")).audioIntro.locale).toBe("en-US"); // same language
    expect((await detail("it-IT")).audioIntro.locale).toBe("en-US"); // then English
    expect((await detail("xx-YY")).audioOutro.locale).toBe("en-US"); // unsupported: the default locale

    // Without a German outro, German falls back to English; a missing script renders as ""
    await getDb()
      .delete(instructionAudio)
      .where(and(eq(instructionAudio.videoAssetId, outroAsset), eq(instructionAudio.type, "workoutOutro"), eq(instructionAudio.locale, "de-DE")));
    await getDb()
      .update(instructionAudio)
      .set({ scriptText: null })
      .where(and(eq(instructionAudio.videoAssetId, outroAsset), eq(instructionAudio.type, "workoutOutro"), eq(instructionAudio.locale, "en-US")));
    clearWorkoutDetailCache(); // direct SQL edits bypass the workout version that keys rendered details
    const de = await detail("de-DE");
    expect(de.audioIntro).toMatchObject({ type: "workoutIntro", locale: "de-DE", scriptText: await voiceScript("workout-intro", "de-DE") });
    expectSigned(de.audioIntro.url);
    expect(de.audioOutro).toMatchObject({ type: "workoutOutro", locale: "en-US", scriptText: "" });
    expect(de.audioOutro.url).toContain("/seed/audio/workout-outro.en-US.m4a?");
    clearPlaylistCache(); // direct SQL edits bypass the workout version that keys rendered playlists
    const playlist = (await call(`/v1/workouts/${id}/playlist?locale=de-DE`, { key: lib.key })).body;
    expect(playlist.data[0].intro.audio).toMatchObject({ type: "workoutIntro", locale: "de-DE", scriptText: await voiceScript("workout-intro", "de-DE") });
    expect(playlist.data.at(-1).outro.audio).toMatchObject({ type: "workoutOutro", locale: "en-US", scriptText: "" });

    // Without any voice-over the fields are null
    await getDb()
      .delete(instructionAudio)
      .where(inArray(instructionAudio.videoAssetId, [introAsset, outroAsset]));
    clearWorkoutDetailCache();
    const none = await detail("de-DE");
    expect(none.audioIntro).toBeNull();
    expect(none.audioOutro).toBeNull();
    clearPlaylistCache();
    const silent = (await call(`/v1/workouts/${id}/playlist?locale=de-DE`, { key: lib.key })).body;
    expect(silent.data[0].intro.audio).toBeNull();
    expect(silent.data.at(-1).outro.audio).toBeNull();
  });

  it("accepts a member Bearer token of the organization", async () => {
    const res = await call(`/v1/workouts/${wid("hiit-burn")}`, { token: org.accessToken });
    expect(res.status, res.text).toBe(200);
    const other = await createLibraryOrg();
    expectError(await call(`/v1/workouts/${other.library.workoutIds[0]}`, { token: org.accessToken }), 403, "Forbidden");
    expectError(await call(`/v1/workouts/${wid("hiit-burn")}`, { token: "not.a.token" }), 401, "Unauthorized");
  });

  it("rejects bad credentials, other organizations, unknown and malformed ids, unknown keys", async () => {
    const id = wid("hiit-burn");
    await expectAuthMatrix(org, `/v1/workouts/${id}`);
    expectError(await call(`/v1/workouts/${UNKNOWN}`, { key: org.key }), 404, "NotFound");
    const bad = expectError(await call("/v1/workouts/not-a-hex-id", { key: org.key }), 400, "ValidationError");
    expect(bad.target).toBe("GetWorkoutByIdParams");
    const unknown = expectError(await call(`/v1/workouts/${id}?page=2`, { key: org.key }), 400, "ValidationError");
    expect(unknown.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "page" })]);
  });

  it("lets a multi-organization key read workouts of each of its organizations", async () => {
    const other = await createLibraryOrg();
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expect((await call(`/v1/workouts/${other.library.workoutIds[0]}`, { key: multi })).status).toBe(200);
    expect((await call(`/v1/workouts/${wid("hiit-burn")}`, { key: multi })).status).toBe(200);
  });
});

describe("GET /v1/workouts/{workoutId}/playlist", () => {
  it("reuses a rendered playlist only while the workout is unchanged", async () => {
    const lib = await createLibraryOrg();
    const id = lib.library.workoutIds[0]!;
    const first = await call(`/v1/workouts/${id}/playlist`, { key: lib.key });
    expect(first.body.presentationStyle).toBe("full");
    expect((await call(`/v1/workouts/${id}/playlist`, { key: lib.key })).body).toEqual(first.body);
    await getDb().update(workouts).set({ presentationStyle: "minimal" }).where(eq(workouts.id, id)); // bumps updatedAt
    expect((await call(`/v1/workouts/${id}/playlist`, { key: lib.key })).body.presentationStyle).toBe("minimal");
    await getDb().update(workouts).set({ status: "draft" }).where(eq(workouts.id, id));
    expectError(await call(`/v1/workouts/${id}/playlist`, { key: lib.key }), 404, "NotFound");
    const other = await createTestOrg();
    await getDb().update(workouts).set({ status: "published" }).where(eq(workouts.id, id));
    expectError(await call(`/v1/workouts/${id}/playlist`, { key: other.key }), 403, "Forbidden");
  });

  it("returns single-key segments of all eight kinds across the library, in order", async () => {
    const seen = new Set<string>();
    for (const id of [...org.library.workoutIds, ...org.library.privateWorkoutIds]) {
      const res = await call(`/v1/workouts/${id}/playlist`, { key: org.key });
      expect(res.status, res.text).toBe(200);
      expect(res.body.presentationStyle).toBe("full");
      for (const seg of res.body.data) {
        const keys = Object.keys(seg);
        expect(keys).toHaveLength(1);
        expect(SEGMENT_KEYS).toContain(keys[0]);
        seen.add(keys[0]!);
      }
      const count = await getDb().$count(workoutSegments, eq(workoutSegments.workoutId, id));
      expect(res.body.data).toHaveLength(count);
    }
    expect([...seen].sort()).toEqual([...SEGMENT_KEYS].sort());
  });

  it("shapes every segment kind with the spec's fields", async () => {
    const playlists = await Promise.all(
      published().map(async (w) => {
        const res = await call(`/v1/workouts/${wid(w.key)}/playlist?locale=es-ES`, { key: org.key });
        expect(res.status, w.key).toBe(200);
        return res.body.data as Record<string, any>[];
      }),
    );
    const all = playlists.flat();
    const first = (kind: string) => all.find((s) => s[kind])?.[kind];

    const intro = first("intro");
    expect(intro).toMatchObject({
      kind: "workout-intro",
      id: expect.any(String),
      duration: expect.any(Number),
      audio: { type: "workoutIntro", locale: "es-ES", scriptText: await voiceScript("workout-intro", "es-ES") },
    });
    expect(Object.keys(intro.audio).sort()).toEqual(["locale", "scriptText", "type", "url"]);
    expectSigned(intro.audio.url);
    expect(intro.audio.url).toContain("/seed/audio/workout-intro.es-ES.m4a?");
    expect(Object.keys(intro.video)).toEqual(["url"]);
    expectSigned(intro.video.url);
    const outro = first("outro");
    expect(outro.kind).toBe("workout-outro");
    expect(outro.audio).toMatchObject({ type: "workoutOutro", locale: "es-ES", scriptText: await voiceScript("workout-outro", "es-ES") });
    expectSigned(outro.audio.url);
    expect(outro.audio.url).toContain("/seed/audio/workout-outro.es-ES.m4a?");
    expect(Object.keys(outro.video)).toEqual(["url"]);

    const ex = first("exercise");
    const exKey = [...org.library.exerciseIdByKey].find(([, v]) => v === ex.exerciseId)![0];
    expect(ex.name).toBe(EXERCISES.find((e) => e.key === exKey)!.name["es-ES"]);
    const seedClass = published()
      .flatMap((w) => w.segments)
      .find((s) => s.kind === "class" && s.chapters) as { name: Record<string, string> };
    expect(all.filter((s) => s.class).map((s) => s.class.name)).toContain(seedClass.name["es-ES"]);
    expect(Object.keys(ex).sort()).toEqual(
      ["amrap", "duration", "equipment", "exerciseId", "id", "intro", "kind", "main", "muscleGroups", "name", "pace", "reps", "rpe", "weightLevel"].sort(),
    );
    expect(ex.kind).toBe("exercise");
    expect(ex.main.video.loop).toBe(-1);
    expectSigned(ex.main.video.url);
    expectPublicImage(ex.main.video.poster);
    expectPublicImage(ex.main.video.thumbnail);
    expect(ex.main.video.poster).not.toBe(ex.main.video.url);
    expect(ex.main.instructionAudio).toHaveLength(1);
    expect(ex.main.instructionAudio[0]).toMatchObject({ type: "exerciseInstruction", locale: "es-ES", scriptText: expect.stringMatching(/\S/) });
    expectSigned(ex.main.instructionAudio[0].url);
    expect(ex.main.instructionAudio[0].url).toContain(".es-ES.m4a");

    const brk = first("break");
    expect(brk).toMatchObject({ kind: "break", video: null, duration: expect.any(Number) });
    expectPublicImage(brk.imageUrl);

    const classes = all.filter((s) => s.class).map((s) => s.class);
    const analysed = classes.find((c) => c.chapters);
    const unanalysed = classes.find((c) => !("chapters" in c));
    expect(analysed && unanalysed).toBeTruthy();
    expect(analysed.chapters[0]).toEqual({
      name: expect.any(String),
      startTimeSec: expect.any(Number),
      endTimeSec: expect.any(Number),
      equipment: expect.any(Array),
      muscleGroups: expect.any(Array),
    });
    expect(analysed.muscleGroups.length).toBeGreaterThan(0);
    expect(analysed).toMatchObject({ kind: "class", skipIntro: false, duration: 60 });
    expect(analysed.main.video.loop).toBe(0);

    const multi = first("multiExercise");
    expect(multi.kind).toBe("multi-exercise");
    expect(multi.exerciseIds.length).toBeGreaterThan(1);
    expect(multi.muscleGroups.length).toBeGreaterThan(0);
    expectSigned(multi.intro.video.url);
    expectSigned(multi.main.video.url);
    for (const k of ["promo", "educational"]) {
      const m = first(k);
      expect(m).toMatchObject({ kind: k, name: expect.any(String), duration: expect.any(Number) });
      expectSigned(m.main.video.url);
    }
  });

  it("plans exercise duration as the work window: time, or reps times the estimated rep duration", async () => {
    const id = wid("full-body-foundations");
    const rows = await getDb().select().from(workoutSegments).where(eq(workoutSegments.workoutId, id));
    const res = await call(`/v1/workouts/${id}/playlist`, { key: org.key });
    const exercises = res.body.data.filter((s: Record<string, unknown>) => s.exercise).map((s: { exercise: any }) => s.exercise);
    const byReps = exercises.filter((e: { reps: number | null }) => e.reps !== null);
    const byTime = exercises.filter((e: { reps: number | null }) => e.reps === null);
    expect(byReps.length + byTime.length).toBeGreaterThan(3);
    for (const e of byTime) expect(e.duration).toBe(rows.find((r) => r.id === e.id)!.workSeconds);
    for (const e of byReps) {
      const key = [...org.library.exerciseIdByKey].find(([, v]) => v === e.exerciseId)![0];
      const est = EXERCISES.find((x) => x.key === key)!.estimatedRepDurationSeconds;
      expect(e.duration).toBeCloseTo(e.reps * est, 5);
    }
  });

  it("falls back for instruction audio: same language, then English", async () => {
    const id = wid("core-crusher");
    const pick = async (locale: string) =>
      (await call(`/v1/workouts/${id}/playlist?locale=${locale}`, { key: org.key })).body.data.find((s: Record<string, unknown>) => s.exercise).exercise.main
        .instructionAudio[0];
    expect((await pick("fr-FR")).locale).toBe("fr-FR");
    expect((await pick("en-GB")).locale).toBe("en-US");
    expect((await pick("it-IT")).locale).toBe("en-US");
    expect((await pick("xx-YY")).locale).toBe("en-US");
  });

  it("serves a playlist clip URL with HTTP Range (206, the right bytes)", async () => {
    const res = await call(`/v1/workouts/${wid("core-crusher")}/playlist`, { key: org.key });
    const ex = res.body.data.find((s: Record<string, unknown>) => s.exercise).exercise;
    const key = [...org.library.exerciseIdByKey].find(([, v]) => v === ex.exerciseId)![0];
    const file = readFileSync(path.resolve(import.meta.dirname, `../../../db/seed/media/clips/${key}.mp4`));
    const media = await fetch(ex.main.video.url, { headers: { Range: "bytes=100-1123" } });
    expect(media.status).toBe(206);
    expect(media.headers.get("content-type")).toBe("video/mp4");
    expect(media.headers.get("accept-ranges")).toBe("bytes");
    expect(media.headers.get("content-range")).toBe(`bytes 100-1123/${file.length}`);
    expect(Buffer.from(await media.arrayBuffer()).equals(file.subarray(100, 1124))).toBe(true);
    const audio = await fetch(ex.main.instructionAudio[0].url, { headers: { Range: "bytes=0-1" } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get("content-type")).toBe("audio/mp4");
    const poster = await fetch(ex.main.video.poster);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const tampered = await fetch(ex.main.video.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === "A" ? "B" : "A"}`));
    expect(tampered.status).toBe(403);
  });

  it("is 404 for an unknown workout and for a workout without a playlist; 403 for another organization", async () => {
    expectError(await call(`/v1/workouts/${UNKNOWN}/playlist`, { key: org.key }), 404, "NotFound");
    const lib = await createLibraryOrg();
    const id = lib.library.workoutIdByKey.get("express-circuit")!;
    await getDb().delete(workoutSegments).where(eq(workoutSegments.workoutId, id));
    expectError(await call(`/v1/workouts/${id}/playlist`, { key: lib.key }), 404, "NotFound");
    expect((await call(`/v1/workouts/${id}`, { key: lib.key })).status).toBe(200);
    await expectAuthMatrix(org, `/v1/workouts/${wid("core-crusher")}/playlist`);
    expectError(await call(`/v1/workouts/nothex/playlist`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/workouts/${wid("core-crusher")}/playlist?foo=1`, { key: org.key }), 400, "ValidationError");
    expect((await call(`/v1/workouts/${wid("core-crusher")}/playlist`, { token: org.accessToken })).status).toBe(200);
  });
});

describe("GET /v1/workouts/{workoutId}/music", () => {
  it("merges the organization's and the trainer's pools, each track once, shuffled", async () => {
    const lib = await createLibraryOrg();
    const [row] = await getDb()
      .select()
      .from(workouts)
      .where(eq(workouts.id, lib.library.workoutIdByKey.get("hiit-burn")!));
    await getDb().update(workouts).set({ mixBgMusic: true }).where(eq(workouts.id, row!.id));
    const [trainer] = await getDb().select().from(trainers).where(eq(trainers.id, row!.trainerId!));
    const res = await call(`/v1/workouts/${row!.id}/music`, { key: lib.key });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["totalDuration", "tracks", "workoutDuration"]);
    const { MUSIC_POOLS, MUSIC_TRACKS } = await import("@/db/seed/data/music");
    const { TRAINERS } = await import("@/db/seed/data/workouts");
    const trainerKey = TRAINERS.find((t) => t.name === trainer!.name)!.key;
    const expected = new Set(MUSIC_POOLS.filter((p) => p.owner === "organization" || p.owner === trainerKey).flatMap((p) => p.trackKeys));
    const names = res.body.tracks.map((t: { name: string }) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...expected].map((k) => MUSIC_TRACKS.find((t) => t.key === k)!.name).sort());
    for (const t of res.body.tracks) {
      expect(t).toMatchObject({ id: expect.any(String), duration: expect.any(Number), filename: expect.stringMatching(/\.m4a$/) });
      expectSigned(t.url);
    }
    const sum = res.body.tracks.reduce((a: number, t: { duration: number }) => a + t.duration, 0);
    expect(res.body.totalDuration).toBeCloseTo(sum, 1);
    expect(res.body.workoutDuration).toBe(row!.duration);
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) orders.add((await call(`/v1/workouts/${row!.id}/music`, { key: lib.key })).body.tracks.map((t: { id: string }) => t.id).join());
    expect(orders.size).toBeGreaterThan(1);
  });

  it("gives no tracks when the workout does not mix background music or the pools are empty", async () => {
    const lib = await createLibraryOrg();
    const id = lib.library.workoutIdByKey.get("core-crusher")!;
    await getDb().update(workouts).set({ mixBgMusic: false }).where(eq(workouts.id, id));
    const off = await call(`/v1/workouts/${id}/music`, { key: lib.key });
    expect(off.body).toMatchObject({ tracks: [], totalDuration: 0 });
    await getDb().update(workouts).set({ mixBgMusic: true }).where(eq(workouts.id, id));
    await getDb().delete(musicPools).where(eq(musicPools.organizationId, lib.organizationId));
    const empty = await call(`/v1/workouts/${id}/music`, { key: lib.key });
    expect(empty.status).toBe(200);
    expect(empty.body.tracks).toEqual([]);
    expect(empty.body.totalDuration).toBe(0);
    expect(empty.body.workoutDuration).toBeGreaterThan(0);
  });

  it("rejects bad credentials and unknown workouts; accepts Bearer tokens", async () => {
    await expectAuthMatrix(org, `/v1/workouts/${wid("core-crusher")}/music`);
    expectError(await call(`/v1/workouts/${UNKNOWN}/music`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/workouts/xyz/music`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/workouts/${wid("core-crusher")}/music?locale=de-DE`, { key: org.key }), 400, "ValidationError");
    expect((await call(`/v1/workouts/${wid("core-crusher")}/music`, { token: org.accessToken })).status).toBe(200);
  });
});

describe("GET /v1/workouts/{workoutId}/export/{video|audio}/stream_url", () => {
  let lib: TestLibraryOrg;
  let maya: string; // trainer preferred locale en-US
  let jonas: string; // trainer preferred locale de-DE
  beforeAll(async () => {
    lib = await createLibraryOrg();
    const rows = await getDb().select().from(workouts).where(inArray(workouts.id, lib.library.workoutIds));
    const trainerRows = await getDb().select().from(trainers).where(eq(trainers.organizationId, lib.organizationId));
    const en = trainerRows.find((t) => t.preferredLocale === "en-US")!.id;
    const de = trainerRows.find((t) => t.preferredLocale === "de-DE")!.id;
    maya = rows.find((r) => r.trainerId === en)!.id;
    jonas = rows.find((r) => r.trainerId === de)!.id;
    const t = (min: number) => new Date(Date.now() - min * 60_000);
    const video = "seed/video/promo-spot.mp4";
    const audio = "seed/music/track-1.m4a";
    // Rows of the workouts' current versions (what a render of the workout as it is now would
    // store), and rows of an older version ("stale"), which must never be served.
    const versionsOf = async (id: string) => {
      const outcome = await loadExportPlan(getDb(), id);
      if (!("plan" in outcome)) throw new Error(`no export plan for ${id}: ${outcome.skip}`);
      expect(outcome.plan.locales).toEqual(expect.arrayContaining(["en-US", "de-DE", "es-ES", "fr-FR"]));
      return outcome.plan.versions;
    };
    const [m, j] = await Promise.all([versionsOf(maya), versionsOf(jonas)]);
    await getDb()
      .insert(workoutExports)
      .values([
        { version: m["en-US"]!, workoutId: maya, kind: "video", locale: "en-US", status: "ready", assetKey: "seed/video/class-flow.mp4", createdAt: t(30), completedAt: t(27) },
        { version: m["de-DE"]!, workoutId: maya, kind: "video", locale: "de-DE", status: "ready", assetKey: video, createdAt: t(20), completedAt: t(17) },
        { version: m["fr-FR"]!, workoutId: maya, kind: "video", locale: "fr-FR", status: "rendering", createdAt: t(1) },
        { version: "stale", workoutId: maya, kind: "video", locale: "es-ES", status: "ready", assetKey: "seed/video/stale.mp4", createdAt: t(3), completedAt: t(2) },
        { version: m["en-US"]!, workoutId: maya, kind: "audio", locale: "en-US", status: "ready", assetKey: audio, createdAt: t(10), completedAt: t(9) },
        { version: m["fr-FR"]!, workoutId: maya, kind: "audio", locale: "fr-FR", status: "ready", assetKey: "seed/music/track-2.m4a", createdAt: t(10), completedAt: t(9) },
        { version: m["es-ES"]!, workoutId: maya, kind: "audio", locale: "es-ES", status: "failed", createdAt: t(5) },
        { version: "stale", workoutId: maya, kind: "audio", locale: "de-DE", status: "ready", assetKey: "seed/music/stale.m4a", createdAt: t(3), completedAt: t(2) },
        { version: j["de-DE"]!, workoutId: jonas, kind: "audio", locale: "de-DE", status: "ready", assetKey: "seed/music/track-3.m4a", createdAt: t(10), completedAt: t(9) },
        { version: j["en-US"]!, workoutId: jonas, kind: "audio", locale: "en-US", status: "ready", assetKey: audio, createdAt: t(5), completedAt: t(4) },
      ]);
  });

  const url = (id: string, kind: "video" | "audio", locale?: string) => `/v1/workouts/${id}/export/${kind}/stream_url${locale ? `?locale=${locale}` : ""}`;

  it("video: latest ready export of any locale without locale; exactly the locale with one; text/plain; never a stale version", async () => {
    const res = await call(url(maya, "video"), { key: lib.key });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/\/media\/seed\/video\/promo-spot\.mp4\?exp=\d+&sig=/); // de-DE is the newest current one (es-ES is newer but stale)
    const exp = Number(new URL(res.text).searchParams.get("exp"));
    expect(exp - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    expect((await call(url(maya, "video", "en-US"), { key: lib.key })).text).toContain("class-flow.mp4");
    expectError(await call(url(maya, "video", "fr-FR"), { key: lib.key }), 404, "NotFound"); // still processing
    expectError(await call(url(maya, "video", "es-ES"), { key: lib.key }), 404, "NotFound"); // only an older version is ready
    expectError(await call(url(maya, "video", "en-GB"), { key: lib.key }), 404, "NotFound"); // no fallback
    expectError(await call(url(maya, "video", "xx-YY"), { key: lib.key }), 404, "NotFound"); // unsupported: no English fallback
    expectError(await call(url(jonas, "video"), { key: lib.key }), 404, "NotFound"); // none rendered
  });

  it("audio: trainer's preferred locale with same-language fallback; never another language", async () => {
    expect((await call(url(maya, "audio"), { key: lib.key })).text).toContain("track-1.m4a"); // en-US trainer -> en-US
    expect((await call(url(jonas, "audio"), { key: lib.key })).text).toContain("track-3.m4a"); // de-DE trainer -> de-DE, not the newer en-US
    expect((await call(url(maya, "audio", "en-US"), { key: lib.key })).text).toContain("track-1.m4a");
    expect((await call(url(maya, "audio", "fr-FR"), { key: lib.key })).text).toContain("track-2.m4a");
    expectError(await call(url(maya, "audio", "de-DE"), { key: lib.key }), 404, "NotFound"); // stale, and never another language
    expectError(await call(url(maya, "audio", "es-ES"), { key: lib.key }), 404, "NotFound"); // failed render
    expect((await call(url(jonas, "audio", "en-AU"), { key: lib.key })).text).toContain("track-1.m4a"); // same language
    expect((await call(url(maya, "audio", "en-GB"), { key: lib.key })).text).toContain("track-1.m4a");
  });

  it("charges 10 units, is key-only, and answers errors as JSON", async () => {
    // Spaced past the limiter's write-behind window so every header reflects the settled count.
    const a = await settledCall(url(maya, "video"), lib.key);
    const b = await settledCall(url(maya, "video"), lib.key);
    expect(Number(a.headers.get("x-ratelimit-remaining")) - Number(b.headers.get("x-ratelimit-remaining"))).toBe(10);
    const c = await settledCall(`/v1/workouts/${maya}`, lib.key);
    expect(Number(b.headers.get("x-ratelimit-remaining")) - Number(c.headers.get("x-ratelimit-remaining"))).toBe(1);
    expectError(await call(url(maya, "audio"), { token: lib.accessToken }), 401, "Unauthorized");
    await expectAuthMatrix(lib, url(maya, "video"));
    await expectAuthMatrix(lib, url(maya, "audio"));
    expectError(await call(url(UNKNOWN, "audio"), { key: lib.key }), 404, "NotFound");
    expectError(await call(`/v1/workouts/${maya}/export/video/stream_url?format=mp4`, { key: lib.key }), 400, "ValidationError");
  });
});

describe("GET /v1/orgs/{organizationId}/workouts", () => {
  it("never serves a cached page after a workout changes", async () => {
    const lib = await createLibraryOrg();
    const path = `/v1/orgs/${lib.organizationId}/workouts?limit=5`;
    const first = await call(path, { key: lib.key });
    expect((await call(path, { key: lib.key })).body).toEqual(first.body);
    const top = first.body.data[0];
    await getDb()
      .update(workouts)
      .set({ name: { "en-US": "Renamed Flow" } })
      .where(eq(workouts.id, top.id));
    const renamed = await call(path, { key: lib.key });
    expect(renamed.body.data.find((w: { id: string }) => w.id === top.id)?.name).toBe("Renamed Flow");
    await getDb().update(workouts).set({ status: "draft" }).where(eq(workouts.id, top.id));
    const after = await call(path, { key: lib.key });
    expect(after.body.data.map((w: { id: string }) => w.id)).not.toContain(top.id);
    expect(after.body.links.total).toBe(first.body.links.total - 1);
  });

  const list = (q = "") => call(`/v1/orgs/${org.organizationId}/workouts${q}`, { key: org.key });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((w) => w.name);

  it("lists published workouts, newest first, 20 by default, list-item fields only", async () => {
    const res = await list();
    expect(res.status, res.text).toBe(200);
    const total = org.library.workoutIds.length + org.library.privateWorkoutIds.length;
    expect(total).toBe(published().length);
    expect(total).toBeLessThanOrEqual(20);
    expect(res.body.data).toHaveLength(total);
    expect(res.body.links.total).toBe(total);
    expect(res.body.links.next).toBeUndefined();
    expect(res.body.data.map((w: { id: string }) => w.id).sort()).toEqual([...org.library.workoutIds, ...org.library.privateWorkoutIds].sort());
    const created = res.body.data.map((w: { createdAt: string }) => w.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const item = res.body.data[0];
    for (const k of ["shareLink", "images", "audioIntro", "audioOutro", "musicPlaylists", "mixBgMusic"]) expect(item).not.toHaveProperty(k);
    for (const k of [
      "id",
      "_id",
      "_teamId",
      "_ownerId",
      "trainer",
      "categories",
      "equipment",
      "muscleGroupPercentages",
      "preview",
      "rating",
      "organization",
      "allowAssessment",
      "assessmentType",
      "locked",
    ]) {
      expect(item).toHaveProperty(k);
    }
    expectSigned(item.preview.url);

    // The default page is 20: a workspace with more published workouts gets 20 and a next link
    const lib = await createLibraryOrg();
    const [copy] = await getDb().select().from(workouts).where(eq(workouts.id, lib.library.workoutIds[0]!));
    const extra = 21 - (lib.library.workoutIds.length + lib.library.privateWorkoutIds.length);
    for (let i = 0; i < extra; i++)
      await getDb()
        .insert(workouts)
        .values({ ...copy!, id: newId(), createdAt: new Date(Date.now() - i * 1000) });
    const big = await call(`/v1/orgs/${lib.organizationId}/workouts`, { key: lib.key });
    expect(big.status, big.text).toBe(200);
    expect(big.body.links.total).toBe(21);
    expect(big.body.data).toHaveLength(20);
    const bigNext = new URL(big.body.links.next);
    expect(bigNext.searchParams.get("offset")).toBe("20");
    expect(bigNext.searchParams.get("limit")).toBe("20");
  });

  it("paginates with links.next and an exact total", async () => {
    const total = published().length;
    expect(total).toBeGreaterThan(14);
    const first = await list("?limit=7");
    expect(first.body.data).toHaveLength(7);
    expect(first.body.links.total).toBe(total);
    const next = new URL(first.body.links.next);
    expect(next.searchParams.get("offset")).toBe("7");
    expect(next.searchParams.get("limit")).toBe("7");
    const second = await call(first.body.links.next, { key: org.key });
    expect(second.body.data).toHaveLength(7);
    expect(second.body.links.total).toBe(total);
    expect(new URL(second.body.links.next).searchParams.get("offset")).toBe("14");
    const third = await call(second.body.links.next, { key: org.key });
    expect(third.body.data).toHaveLength(total - 14);
    expect(third.body.links.next).toBeUndefined();
    const ids = [...first.body.data, ...second.body.data, ...third.body.data].map((w: { id: string }) => w.id);
    expect(new Set(ids).size).toBe(total);
  });

  it("validates limit, offset, sort, duration, categoryIds, enums and unknown keys", async () => {
    expectError(await list("?limit=51"), 400, "ValidationError");
    expectError(await list("?limit=0"), 400, "ValidationError");
    expectError(await list("?offset=-1"), 400, "ValidationError");
    expectError(await list("?sort=-rating"), 400, "ValidationError");
    expectError(await list("?sort=name,name"), 400, "ValidationError");
    expectError(await list("?duration=abc"), 400, "ValidationError");
    expectError(await list("?duration=40-20"), 400, "ValidationError");
    expectError(await list("?duration=-"), 400, "ValidationError");
    expectError(await list("?categoryIds=strength"), 400, "ValidationError");
    expectError(await list("?categoryIds=custom:"), 400, "ValidationError");
    expectError(await list("?difficulty=expert"), 400, "ValidationError");
    expectError(await list("?visibility=hidden"), 400, "ValidationError");
    expectError(await list("?allowAssessment=maybe"), 400, "ValidationError");
    const err = expectError(await list("?page=2"), 400, "ValidationError");
    expect(err.target).toBe("ListOrganizationWorkoutsQuery");
    expect(err.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "page" })]);
  });

  it("sorts by +/- fields (a raw + arrives as a space and still means ascending)", async () => {
    const durations = (res: { body: { data: { duration: number }[] } }) => res.body.data.map((w) => w.duration);
    const asc = await list("?sort=%2Bduration&limit=50");
    expect(durations(asc)).toEqual([...durations(asc)].sort((a, b) => a - b));
    const raw = await list("?sort=+duration&limit=50");
    expect(durations(raw)).toEqual(durations(asc));
    const desc = await list("?sort=-duration&limit=50");
    expect(durations(desc)).toEqual([...durations(asc)].reverse());
    const byName = await list("?sort=name&limit=50");
    expect(names(byName)).toEqual([...names(byName)].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const rank = { beginner: 1, intermediate: 2, advanced: 3 } as const;
    const byDiff = await list("?sort=-difficulty,duration&limit=50");
    const diffs = byDiff.body.data.map((w: { difficulty: keyof typeof rank }) => rank[w.difficulty]);
    expect(diffs).toEqual([...diffs].sort((a, b) => b - a));
    const deName = await list("?sort=name&locale=de-DE&limit=50");
    expect(names(deName)).toContain(WORKOUTS.find((w) => w.key === "core-crusher")!.name["de-DE"]);
  });

  it("filters by visibility, difficulty, duration, allowAssessment and categories", async () => {
    const priv = await list("?visibility=private&limit=50");
    expect(priv.body.links.total).toBe(org.library.privateWorkoutIds.length);
    expect(priv.body.data.every((w: { visibility: string }) => w.visibility === "private")).toBe(true);
    const pub = await list("?visibility=public&limit=50");
    expect(pub.body.links.total).toBe(org.library.workoutIds.length);
    const beginner = await list("?difficulty=beginner&limit=50");
    expect(beginner.body.links.total).toBe(published().filter((w) => w.difficulty === "beginner").length);
    expect(beginner.body.data.every((w: { difficulty: string }) => w.difficulty === "beginner")).toBe(true);
    const mid = await list("?duration=15-25&limit=50");
    expect(mid.body.data.length).toBeGreaterThan(0);
    expect(mid.body.data.every((w: { duration: number }) => w.duration >= 900 && w.duration <= 1500)).toBe(true);
    const all = (await list("?limit=50")).body.data as { duration: number; allowAssessment: boolean }[];
    expect(mid.body.links.total).toBe(all.filter((w) => w.duration >= 900 && w.duration <= 1500).length);
    const long = await list("?duration=30-&limit=50");
    expect(long.body.links.total).toBe(all.filter((w) => w.duration >= 1800).length);
    const short = await list("?duration=-15&limit=50");
    expect(short.body.links.total).toBe(all.filter((w) => w.duration <= 900).length);
    const assess = await list("?allowAssessment=true&limit=50");
    expect(assess.body.links.total).toBe(published().filter((w) => w.allowAssessment).length);
    expect(assess.body.data.every((w: { allowAssessment: boolean }) => w.allowAssessment)).toBe(true);
    const noAssess = await list("?allowAssessment=false&limit=50");
    expect(noAssess.body.links.total).toBe(published().filter((w) => !w.allowAssessment).length);
    expect(noAssess.body.links.total).toBe(all.length - assess.body.links.total);
    expect(noAssess.body.data.every((w: { allowAssessment: boolean }) => !w.allowAssessment)).toBe(true);
    const yoga = categoryId("yoga");
    const byCat = await list(`?categoryIds=${yoga}&limit=50`);
    expect(byCat.body.links.total).toBe(published().filter((w) => w.categoryKeys.includes("yoga")).length);
    expect(byCat.body.data.every((w: { categories: { id: string }[] }) => w.categories.some((c) => c.id === yoga))).toBe(true);
    const combined = await list(`?categoryIds=${yoga}&difficulty=beginner&visibility=public&limit=50`);
    expect(combined.body.links.total).toBe(
      published().filter((w) => w.categoryKeys.includes("yoga") && w.difficulty === "beginner" && w.visibility === "public").length,
    );
  });

  it("matches custom: category tokens against workspace-defined categories, alongside hex ids", async () => {
    const lib = await createLibraryOrg();
    const picked = lib.library.workoutIdByKey.get("glute-lab")!;
    await getDb()
      .update(workouts)
      .set({ customCategories: ["Studio Picks"] })
      .where(eq(workouts.id, picked));
    const only = await call(`/v1/orgs/${lib.organizationId}/workouts?categoryIds=custom:Studio%20Picks`, { key: lib.key });
    expect(only.body.data.map((w: { id: string }) => w.id)).toEqual([picked]);
    expect(only.body.data[0].customCategories).toEqual(["Studio Picks"]);
    expect(only.body.links.total).toBe(1);
    const hiit = categoryId("hiit");
    const either = await call(`/v1/orgs/${lib.organizationId}/workouts?categoryIds=${hiit},custom:Studio%20Picks&limit=50`, { key: lib.key });
    expect(either.body.links.total).toBe(published(lib).filter((w) => w.categoryKeys.includes("hiit") && w.key !== "glute-lab").length + 1);
  });

  it("searches all translations with q in relevance order, ignoring sort, and finds close spellings", async () => {
    const core = await list("?q=core&sort=duration");
    expect(core.body.links.total).toBeGreaterThan(1);
    expect(core.body.data[0].name).toBe("Core Crusher");
    for (const w of core.body.data) {
      const seed = WORKOUTS.find((s) => s.name["en-US"] === w.name)!;
      const doc = [...Object.values(seed.name), ...Object.values(seed.description)].join(" ").toLowerCase();
      expect(doc).toContain("core");
    }
    const both = await list("?q=core%20crusher");
    expect(both.body.data[0].name).toBe("Core Crusher");
    const german = await list("?q=Rumpf");
    expect(german.body.links.total).toBeGreaterThan(0);
    for (const w of german.body.data) {
      const seed = WORKOUTS.find((s) => s.name["en-US"] === w.name)!;
      const doc = [...Object.values(seed.name), ...Object.values(seed.description)].join(" ").toLowerCase();
      expect(doc).toContain("rumpf");
    }
    const localized = await list(`?q=${encodeURIComponent(WORKOUTS.find((w) => w.key === "core-crusher")!.name["de-DE"]!)}&locale=de-DE`);
    expect(localized.body.data[0].id).toBe(wid("core-crusher"));
    expect(localized.body.data[0].name).toBe(WORKOUTS.find((w) => w.key === "core-crusher")!.name["de-DE"]);
    const typo = await list("?q=crussher");
    expect(typo.body.data.map((w: { id: string }) => w.id)).toContain(wid("core-crusher"));
    // A dropped letter: "strength" shares as many trigrams with "strech" as "stretch" does, but
    // whole-word similarity puts the stretch workout first.
    const dropped = await list("?q=strech");
    expect(dropped.body.data[0]?.id, JSON.stringify(dropped.body.data.map((w: { name: string }) => w.name))).toBe(wid("recovery-stretch"));
    const swapped = await list("?q=kettelbell");
    expect(swapped.body.data[0]?.id).toBe(wid("kettlebell-power"));
    const secondWord = await list("?q=glute%20lunnges");
    expect(secondWord.body.data.map((w: { id: string }) => w.id)).toContain(wid("glute-lab"));
    const none = await list("?q=zzqqxxjj");
    expect(none.body).toEqual({ data: [], links: { total: 0 } });
    const wild = await list("?q=%25");
    expect(wild.body.links.total).toBe(0);
    const blank = await list("?q=%20");
    expect(blank.body.links.total).toBe(published().length);
  });

  it("answers an empty workspace with 200 and total 0; unknown organization 404; foreign 403", async () => {
    const empty = await createTestOrg();
    const res = await call(`/v1/orgs/${empty.organizationId}/workouts`, { key: empty.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], links: { total: 0 } });
    expectError(await call(`/v1/orgs/${UNKNOWN}/workouts`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/orgs/not-hex/workouts`, { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/workouts`);
    expectError(await call(`/v1/orgs/${org.organizationId}/workouts`, { token: org.accessToken }), 401, "Unauthorized");
  });
});
