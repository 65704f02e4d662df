import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { exerciseGroups } from "@/db/schema";
import { EXERCISES } from "@/db/seed/data/exercises";
import { EXERCISE_GROUPS } from "@/db/seed/data/groups";
import { STOCK_EXERCISES } from "@/db/seed/data/stock";
import { equipmentId } from "@/db/seed/reference";
import { stockExerciseId } from "@/db/seed/stock";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
let org: TestLibraryOrg;
type Row = Record<string, any>;

beforeAll(async () => {
  org = await createLibraryOrg();
});

const groupsPath = () => `/v1/orgs/${org.organizationId}/groups`;
async function groupIdByKey(key: string): Promise<string> {
  const seed = EXERCISE_GROUPS.find((g) => g.key === key)!;
  const res = await call(`${groupsPath()}?limit=50`, { key: org.key });
  return res.body.data.find((g: Row) => g.name === seed.name["en-US"]).id;
}
const plannedSeconds = (g: (typeof EXERCISE_GROUPS)[number]) =>
  g.items.reduce(
    (sum, i) => sum + (i.workSeconds ?? Math.round(i.reps! * EXERCISES.find((e) => e.key === i.exerciseKey)!.estimatedRepDurationSeconds)) + i.restSeconds,
    0,
  ) *
    g.rounds +
  g.restBetweenRoundsSeconds * (g.rounds - 1);

describe("GET /v1/orgs/{organizationId}/groups", () => {
  it("lists the workspace's groups with counts and planned duration", async () => {
    const res = await call(groupsPath(), { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.links.total).toBe(EXERCISE_GROUPS.length);
    expect(res.body.data.length).toBe(Math.min(10, EXERCISE_GROUPS.length));
    for (const seed of EXERCISE_GROUPS) {
      const g = res.body.data.find((x: Row) => x.name === seed.name["en-US"]);
      expect(g).toMatchObject({
        _id: g.id,
        organizationId: org.organizationId,
        _teamId: org.organizationId,
        type: seed.type,
        rounds: seed.rounds,
        restBetweenRoundsSeconds: seed.restBetweenRoundsSeconds,
        exerciseCount: seed.items.length,
        estimatedDuration: plannedSeconds(seed),
      });
      expect(g.thumbnail).toMatch(/\/media\/public\/seed\/thumbs\/.+\.jpg$/);
    }
  });

  it("localizes, filters by type, paginates, validates", async () => {
    const de = await call(`${groupsPath()}?locale=de-DE`, { key: org.key });
    expect(de.body.data.map((g: Row) => g.name)).toContain(EXERCISE_GROUPS[0]!.name["de-DE"]);
    const circuits = await call(`${groupsPath()}?types=circuit`, { key: org.key });
    expect(circuits.body.links.total).toBe(EXERCISE_GROUPS.filter((g) => g.type === "circuit").length);
    expect(circuits.body.data.every((g: Row) => g.type === "circuit")).toBe(true);
    const page = await call(`${groupsPath()}?limit=2`, { key: org.key });
    expect(page.body.data).toHaveLength(2);
    expect(new URL(page.body.links.next).searchParams.get("offset")).toBe("2");
    expectError(await call(`${groupsPath()}?limit=51`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${groupsPath()}?types=tabata`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${groupsPath()}?q=core`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/orgs/${UNKNOWN}/groups`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, groupsPath());
    const empty = await createTestOrg();
    expect((await call(`/v1/orgs/${empty.organizationId}/groups`, { key: empty.key })).body).toEqual({ data: [], links: { total: 0 } });
  });
});

describe("GET /v1/orgs/{organizationId}/groups/{groupId} and /exercises", () => {
  it("returns a group with its items in order", async () => {
    const seed = EXERCISE_GROUPS.find((g) => g.items.some((i) => i.reps))!;
    const id = await groupIdByKey(seed.key);
    const res = await call(`${groupsPath()}/${id}?locale=es-ES`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    const g = res.body.data;
    expect(g.name).toBe(seed.name["es-ES"]);
    expect(g.items.map((i: Row) => i.exerciseId)).toEqual(seed.items.map((i) => org.library.exerciseIdByKey.get(i.exerciseKey)));
    g.items.forEach((item: Row, n: number) => {
      const s = seed.items[n]!;
      expect(item).toMatchObject({ position: n, workSeconds: s.workSeconds ?? null, reps: s.reps ?? null, restSeconds: s.restSeconds });
      expect(item.name).toBe(EXERCISES.find((e) => e.key === s.exerciseKey)!.name["es-ES"]);
    });
  });

  it("lists the group's exercises with full media, paginated", async () => {
    const seed = EXERCISE_GROUPS[0]!;
    const id = await groupIdByKey(seed.key);
    const res = await call(`${groupsPath()}/${id}/exercises?locale=de-DE`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.links.total).toBe(seed.items.length);
    const first = res.body.data[0];
    expect(first.exerciseId).toBe(org.library.exerciseIdByKey.get(seed.items[0]!.exerciseKey));
    expect(first.exercise.id).toBe(first.exerciseId);
    expect(first.exercise.video.url).toMatch(/\?exp=\d+&sig=/);
    expect(first.exercise.audioInstructions.map((a: Row) => a.locale)).toEqual(["de-DE"]);
    expect(first.duration).toBe(seed.items[0]!.workSeconds);
    const page = await call(`${groupsPath()}/${id}/exercises?limit=1&offset=1`, { key: org.key });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].position).toBe(1);
    expect(new URL(page.body.links.next).searchParams.get("offset")).toBe("2");
  });

  it("is 404 for unknown, deleted or other organizations' groups under this organization; 403 on a foreign path", async () => {
    const id = await groupIdByKey(EXERCISE_GROUPS[0]!.key);
    const other = await createLibraryOrg();
    const otherGroup = (await call(`/v1/orgs/${other.organizationId}/groups`, { key: other.key })).body.data[0].id;
    for (const suffix of ["", "/exercises"]) {
      expectError(await call(`${groupsPath()}/${UNKNOWN}${suffix}`, { key: org.key }), 404, "NotFound");
      expectError(await call(`${groupsPath()}/${otherGroup}${suffix}`, { key: org.key }), 404, "NotFound");
      expectError(await call(`${groupsPath()}/not-hex${suffix}`, { key: org.key }), 400, "ValidationError");
      expectError(await call(`${groupsPath()}/${id}${suffix}?x=1`, { key: org.key }), 400, "ValidationError");
      await expectAuthMatrix(org, `${groupsPath()}/${id}${suffix}`);
    }
    await getDb().update(exerciseGroups).set({ deletedAt: new Date() }).where(eq(exerciseGroups.id, otherGroup));
    expectError(await call(`/v1/orgs/${other.organizationId}/groups/${otherGroup}`, { key: other.key }), 404, "NotFound");
    expect((await call(`/v1/orgs/${other.organizationId}/groups`, { key: other.key })).body.links.total).toBe(EXERCISE_GROUPS.length - 1);
  });
});

describe("GET /v1/orgs/{organizationId}/stock-exercises", () => {
  const stock = (o: { organizationId: string; key: string }, q = "") => call(`/v1/orgs/${o.organizationId}/stock-exercises${q}`, { key: o.key });
  const remaining = (res: { headers: Headers }) => Number(res.headers.get("x-ratelimit-remaining"));
  /** Spaced past the limiter's write-behind window (1 s) so X-RateLimit-Remaining reflects the settled count. */
  const settled = async <T>(fn: () => Promise<T>) => {
    await new Promise((r) => setTimeout(r, 1100));
    return fn();
  };

  it("lists the stock catalog by name, charging 10 units", async () => {
    const before = await settled(() => call("/v1/workouts/metadata", { key: org.key }));
    const res = await settled(() => stock(org, "?limit=50"));
    expect(res.status, res.text).toBe(200);
    expect(remaining(before) - remaining(res)).toBe(10);
    expect(res.body.links.total).toBe(STOCK_EXERCISES.length);
    const names = res.body.data.map((r: Row) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const row = res.body.data.find((r: Row) => r.id === stockExerciseId("stock-air-squat"));
    expect(row).toMatchObject({ name: "Air Squat", tier: "free", locked: false, kind: "single-exercise", coach: "Forma Studio", skillLevel: "beginner" });
    expect(row.video.url).toMatch(/\/media\/seed\/clips\/squat\.mp4\?exp=/);
    expect(row.thumbnail).toMatch(/\/media\/public\//);
    expect(res.body.data.every((r: Row) => r.locked === false && r.video !== null)).toBe(true);
  });

  it("filters by tier, equipment, skill level and name; localizes", async () => {
    const premium = await stock(org, "?tiers=premium&limit=50");
    expect(premium.body.links.total).toBe(STOCK_EXERCISES.filter((s) => s.tier === "premium").length);
    const dumbbell = await stock(org, `?equipmentIds=${equipmentId("dumbbell")}&limit=50`);
    expect(dumbbell.body.links.total).toBe(STOCK_EXERCISES.filter((s) => s.equipmentKeys.includes("dumbbell")).length);
    const beginner = await stock(org, "?skillLevels=beginner&tiers=free&limit=50");
    expect(beginner.body.links.total).toBe(STOCK_EXERCISES.filter((s) => s.skillLevel === "beginner" && s.tier === "free").length);
    const q = await stock(org, "?q=kurzhantel&locale=de-DE&limit=50");
    expect(q.body.links.total).toBe(STOCK_EXERCISES.filter((s) => s.name["de-DE"]!.toLowerCase().includes("kurzhantel")).length);
    expect(q.body.data.every((r: Row) => r.name.toLowerCase().includes("kurzhantel"))).toBe(true);
    const newest = await stock(org, "?sort=-date&limit=50");
    const dates = newest.body.data.map((r: Row) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expectError(await stock(org, "?sort=kind"), 400, "ValidationError");
    expectError(await stock(org, "?tiers=gold"), 400, "ValidationError");
    expectError(await stock(org, "?limit=51"), 400, "ValidationError");
    expectError(await stock(org, "?kinds=class"), 400, "ValidationError");
  });

  it("locks premium clips for a workspace without the premium stock entitlement", async () => {
    const basic = await createTestOrg({ entitlements: { stockCatalog: true, premiumStock: false } });
    const res = await stock(basic, "?limit=50");
    expect(res.status).toBe(200);
    for (const r of res.body.data) {
      expect(r.locked).toBe(r.tier === "premium");
      if (r.locked) {
        expect(r.video).toBeNull();
        expect(r.thumbnail).toMatch(/\/media\/public\//);
      } else expect(r.video.url).toMatch(/sig=/);
    }
  });

  it("answers 403 without consuming weight when the plan lacks the stock catalog", async () => {
    const gated = await createTestOrg({ entitlements: { stockCatalog: false } });
    const before = await settled(() => call("/v1/workouts/metadata", { key: gated.key }));
    const denied = await settled(() => stock(gated));
    expectError(denied, 403, "Forbidden");
    expect(remaining(denied)).toBe(remaining(before));
    const again = await stock(gated, "?limit=500");
    expectError(again, 403, "Forbidden");
    const after = await settled(() => call("/v1/workouts/metadata", { key: gated.key }));
    expect(remaining(before) - remaining(after)).toBe(1);
  });

  it("rejects bad credentials, unknown and foreign organizations", async () => {
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/stock-exercises`);
    expectError(await call(`/v1/orgs/${UNKNOWN}/stock-exercises`, { key: org.key }), 404, "NotFound");
  });
});
