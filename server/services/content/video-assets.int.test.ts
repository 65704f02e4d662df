import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videoAssets } from "@/db/schema";
import { EXERCISES, INSTRUCTION_LOCALES } from "@/db/seed/data/exercises";
import { STOCK_EXERCISES } from "@/db/seed/data/stock";
import { equipmentId, muscleGroupId } from "@/db/seed/reference";
import { stockExerciseId } from "@/db/seed/stock";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
let org: TestLibraryOrg;
const list = (q = "") => call(`/v1/orgs/${org.organizationId}/video-assets${q}`, { key: org.key });
type Row = Record<string, any>;
const all = async (q: string): Promise<{ rows: Row[]; total: number }> => {
  const res = await list(`${q}${q ? "&" : "?"}limit=50`);
  expect(res.status, res.text).toBe(200);
  return { rows: res.body.data, total: res.body.links.total };
};

beforeAll(async () => {
  org = await createLibraryOrg();
});

describe("GET /v1/orgs/{organizationId}/video-assets", () => {
  it("lists workspace clips only (no stock), 10 by default, newest first, with the row fields", async () => {
    const res = await list();
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(10);
    const count = await getDb().$count(videoAssets, eq(videoAssets.organizationId, org.organizationId));
    expect(res.body.links.total).toBe(count);
    const dates = res.body.data.map((r: Row) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const singles = await all("?kinds=single-exercise");
    expect(singles.total).toBe(EXERCISES.length);
    const squat = singles.rows.find((r) => r.id === org.library.exerciseIdByKey.get("squat"));
    const seed = EXERCISES.find((e) => e.key === "squat")!;
    expect(squat).toMatchObject({
      _id: squat!.id,
      organizationId: org.organizationId,
      _teamId: org.organizationId,
      kind: "single-exercise",
      name: "Squat",
      skillLevel: seed.skillLevel,
      executionSide: seed.executionSide,
      coach: seed.coach,
      collectionName: seed.collectionName,
      estimatedRepDuration: seed.estimatedRepDurationSeconds,
    });
    expect(squat!.muscleGroups.map((m: Row) => m.id).sort()).toEqual(seed.muscleGroups.map((m) => muscleGroupId(m.key)).sort());
    expect(squat!.muscleGroups[0]).toEqual({ id: expect.any(String), name: expect.any(String), share: expect.any(Number) });
    expect(squat!.video.url).toMatch(/\/media\/seed\/clips\/squat\.mp4\?exp=\d+&sig=/);
    expect(squat!.video.poster).toMatch(/\/media\/public\/seed\/posters\/squat\.jpg$/);
    expect(squat!.video.loop).toBe(-1);
    const stockIds = new Set(STOCK_EXERCISES.map((s) => stockExerciseId(s.key)));
    expect(singles.rows.some((r) => stockIds.has(r.id))).toBe(false);
  });

  it("returns audioInstructions for single-exercise rows only: all locales without locale, the best one with", async () => {
    const everything = await all("");
    for (const r of everything.rows) {
      if (r.kind === "single-exercise") expect(Array.isArray(r.audioInstructions)).toBe(true);
      else expect(r).not.toHaveProperty("audioInstructions");
    }
    const squatId = org.library.exerciseIdByKey.get("squat")!;
    const find = async (q: string) => (await all(`?kinds=single-exercise${q}`)).rows.find((r) => r.id === squatId)!;
    const raw = await find("");
    expect(raw.audioInstructions.map((a: Row) => a.locale).sort()).toEqual([...INSTRUCTION_LOCALES].sort());
    const a = raw.audioInstructions[0];
    expect(Object.keys(a).sort()).toEqual(["assetUri", "createdAt", "id", "locale", "scriptText", "type"]);
    expect(a.type).toBe("exerciseInstruction");
    expect(a.assetUri).toMatch(/\.m4a\?exp=\d+&sig=/);
    const de = await find("&locale=de-DE");
    expect(de.name).toBe("Kniebeuge");
    expect(de.audioInstructions).toHaveLength(1);
    expect(de.audioInstructions[0].locale).toBe("de-DE");
    expect(de.audioInstructions[0].scriptText).toBe(EXERCISES.find((e) => e.key === "squat")!.instructions["de-DE"]);
    const it_ = await find("&locale=it-IT");
    expect(it_.audioInstructions.map((x: Row) => x.locale)).toEqual(["en-US"]);
  });

  it("applies every filter in SQL before pagination, AND-combined, with exact totals", async () => {
    const dumbbell = equipmentId("dumbbell");
    const byEq = await all(`?equipmentIds=${dumbbell}`);
    expect(byEq.total).toBe(EXERCISES.filter((e) => e.equipment.includes("dumbbell")).length);
    expect(byEq.rows.every((r) => r.equipment.some((e: Row) => e.id === dumbbell))).toBe(true);
    const glutes = muscleGroupId("glutes");
    const byMuscle = await all(`?muscleGroupIds=${glutes}`);
    expect(byMuscle.total).toBe(EXERCISES.filter((e) => e.muscleGroups.some((m) => m.key === "glutes")).length);
    const both = await all(`?equipmentIds=${dumbbell}&muscleGroupIds=${glutes}`);
    expect(both.total).toBe(EXERCISES.filter((e) => e.equipment.includes("dumbbell") && e.muscleGroups.some((m) => m.key === "glutes")).length);
    expect(both.total).toBeLessThan(byEq.total);
    const levels = await all("?skillLevels=beginner,advanced");
    expect(levels.total).toBe(EXERCISES.filter((e) => e.skillLevel !== "intermediate").length);
    const sides = await all("?executionSides=alternating");
    expect(sides.total).toBe(EXERCISES.filter((e) => e.executionSide === "alternating").length);
    const coach = await all("?coach=Carla%20Reyes");
    expect(coach.total).toBe(EXERCISES.filter((e) => e.coach === "Carla Reyes").length);
    const collections = await all("?collectionNames=Core%20Series,Mobility%20Flow");
    expect(collections.total).toBe(EXERCISES.filter((e) => ["Core Series", "Mobility Flow"].includes(e.collectionName)).length);
    const combined = await all("?collectionNames=Strength%20Lab&skillLevels=beginner&coach=Jonas%20Berger");
    expect(combined.total).toBe(
      EXERCISES.filter((e) => e.collectionName === "Strength Lab" && e.skillLevel === "beginner" && e.coach === "Jonas Berger").length,
    );
    const kinds = await all("?kinds=class,promo");
    expect(kinds.rows.every((r) => ["class", "promo"].includes(r.kind))).toBe(true);
    expect(kinds.total).toBeGreaterThan(0);
    const paged = await list(`?equipmentIds=${dumbbell}&limit=2`);
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.links.total).toBe(byEq.total);
  });

  it("searches names in every translation (case-insensitive substring)", async () => {
    const squats = await all("?q=SQUAT&kinds=single-exercise");
    expect(squats.total).toBe(EXERCISES.filter((e) => Object.values(e.name).join(" ").toLowerCase().includes("squat")).length);
    const german = await all("?q=kniebeuge&locale=de-DE");
    expect(german.rows.map((r) => r.name)).toContain("Kniebeuge");
    expect(german.total).toBe(EXERCISES.filter((e) => Object.values(e.name).join(" ").toLowerCase().includes("kniebeuge")).length);
    expect((await all("?q=%25")).total).toBe(0);
  });

  it("sorts on date, name and kind only", async () => {
    const byName = (await all("?sort=name&kinds=single-exercise")).rows.map((r) => r.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const oldest = (await all("?sort=%2Bdate&kinds=single-exercise")).rows.map((r) => r.createdAt);
    expect(oldest).toEqual([...oldest].sort());
    const byKind = (await all("?sort=-kind")).rows.map((r) => r.kind);
    expect(byKind).toEqual([...byKind].sort().reverse());
    expectError(await list("?sort=createdAt"), 400, "ValidationError");
    expectError(await list("?sort=-duration"), 400, "ValidationError");
  });

  it("validates filters and limits; 404 unknown organization; 403 foreign", async () => {
    expectError(await list("?limit=51"), 400, "ValidationError");
    expectError(await list("?equipmentIds=dumbbell"), 400, "ValidationError");
    expectError(await list("?kinds=yoga"), 400, "ValidationError");
    expectError(await list("?skillLevels=expert"), 400, "ValidationError");
    expectError(await list("?visibility=public"), 400, "ValidationError");
    expectError(await call(`/v1/orgs/${UNKNOWN}/video-assets`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/video-assets`);
    const empty = await createTestOrg();
    expect((await call(`/v1/orgs/${empty.organizationId}/video-assets`, { key: empty.key })).body).toEqual({ data: [], links: { total: 0 } });
  });
});

describe("GET /v1/video-asset/{videoAssetId}", () => {
  it("returns one clip's media for the JSON player", async () => {
    const id = org.library.exerciseIdByKey.get("burpee")!;
    const res = await call(`/v1/video-asset/${id}?locale=fr-FR`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id, kind: "single-exercise", stockTier: null, organizationId: org.organizationId });
    expect(res.body.data.name).toBe(EXERCISES.find((e) => e.key === "burpee")!.name["fr-FR"]);
    expect(res.body.data.audioInstructions.map((a: Row) => a.locale)).toEqual(["fr-FR"]);
    expect(res.body.data).not.toHaveProperty("chapters");
    const media = await fetch(res.body.data.video.url, { headers: { Range: "bytes=0-7" } });
    expect(media.status).toBe(206);
    expect(
      Buffer.from(await media.arrayBuffer())
        .subarray(4, 8)
        .toString("latin1"),
    ).toBe("ftyp");
    const all = await call(`/v1/video-asset/${id}`, { key: org.key });
    expect(all.body.data.audioInstructions).toHaveLength(INSTRUCTION_LOCALES.length);
  });

  it("includes analysed class chapters", async () => {
    const [cls] = await getDb()
      .select()
      .from(videoAssets)
      .where(and(eq(videoAssets.organizationId, org.organizationId), eq(videoAssets.kind, "class")));
    const classes = await getDb()
      .select()
      .from(videoAssets)
      .where(and(eq(videoAssets.organizationId, org.organizationId), eq(videoAssets.kind, "class")));
    const analysed = classes.find((c) => c.chapters) ?? cls!;
    const res = await call(`/v1/video-asset/${analysed.id}`, { key: org.key });
    expect(res.body.data.chapters.length).toBe(analysed.chapters!.length);
    expect(res.body.data).not.toHaveProperty("audioInstructions");
  });

  it("resolves stock clips; premium ones need the premium stock entitlement", async () => {
    const free = STOCK_EXERCISES.find((s) => s.tier === "free")!;
    const premium = STOCK_EXERCISES.find((s) => s.tier === "premium")!;
    const a = await call(`/v1/video-asset/${stockExerciseId(free.key)}?locale=de-DE`, { key: org.key });
    expect(a.status, a.text).toBe(200);
    expect(a.body.data).toMatchObject({ stockTier: "free", name: free.name["de-DE"] });
    expect((await call(`/v1/video-asset/${stockExerciseId(premium.key)}`, { key: org.key })).body.data.stockTier).toBe("premium");
    const basic = await createTestOrg({ entitlements: { premiumStock: false } });
    expect((await call(`/v1/video-asset/${stockExerciseId(free.key)}`, { key: basic.key })).status).toBe(200);
    expectError(await call(`/v1/video-asset/${stockExerciseId(premium.key)}`, { key: basic.key }), 403, "Forbidden");
  });

  it("is 403 for another organization's clip (unless the key spans it), 404 unknown or deleted, 400 bad id", async () => {
    const other = await createLibraryOrg();
    const foreign = other.library.exerciseIdByKey.get("squat")!;
    expectError(await call(`/v1/video-asset/${foreign}`, { key: org.key }), 403, "Forbidden");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expect((await call(`/v1/video-asset/${foreign}`, { key: multi })).status).toBe(200);
    await getDb()
      .update(videoAssets)
      .set({ deletedAt: new Date() })
      .where(eq(videoAssets.id, other.library.exerciseIdByKey.get("lunge")!));
    expectError(await call(`/v1/video-asset/${other.library.exerciseIdByKey.get("lunge")}`, { key: other.key }), 404, "NotFound");
    expectError(await call(`/v1/video-asset/${UNKNOWN}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/video-asset/squat`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/video-asset/${foreign}?lang=de`, { key: other.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `/v1/video-asset/${org.library.exerciseIdByKey.get("squat")}`);
  });
});
