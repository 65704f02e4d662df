import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { workoutFeedback, workouts } from "@/db/schema";
import { issueAccessToken } from "@/server/core/access-tokens";
import { addMembers } from "@/test/support/members";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, expectError, useTestApp } from "@/test/harness";

useTestApp();

type Option = { id: string; label: string; value: number };
let org: TestLibraryOrg;
let other: TestLibraryOrg;
let options: { rating: Option[]; difficulty: Option[] };
let otherOptions: { rating: Option[]; difficulty: Option[] };
const db = () => getDb();

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  options = (await call("/v1/workouts/feedback/options", { key: org.key })).body.data;
  otherOptions = (await call("/v1/workouts/feedback/options", { key: other.key })).body.data;
});

const rating = (value: number) => options.rating.find((o) => o.value === value)!;

async function session(workoutId: string, body: Record<string, unknown> = {}, token?: string) {
  const res = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: token ? undefined : org.key, token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const stored = async (workoutId: string) =>
  (await db().select({ sum: workouts.ratingSum, count: workouts.ratingCount }).from(workouts).where(eq(workouts.id, workoutId)))[0]!;

describe("GET /v1/workouts/feedback/options", () => {
  it("returns the organization's rating and difficulty options with 24-hex ids, localized", async () => {
    expect(options.rating.length).toBeGreaterThanOrEqual(3);
    expect(options.difficulty.length).toBeGreaterThanOrEqual(3);
    for (const o of [...options.rating, ...options.difficulty])
      expect(o).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), label: expect.any(String), value: expect.any(Number) });
    const values = options.rating.map((o) => o.value);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    const de = await call("/v1/workouts/feedback/options?locale=de-DE", { key: org.key });
    expect(de.body.data.rating.map((o: Option) => o.id)).toEqual(options.rating.map((o) => o.id));
    expect(de.body.data.rating.map((o: Option) => o.label)).not.toEqual(options.rating.map((o) => o.label));
    expect(otherOptions.rating[0]!.id).not.toBe(options.rating[0]!.id);
  });

  it("accepts a Bearer token, needs organizationId from multi-organization keys and rejects bad credentials", async () => {
    expect((await call("/v1/workouts/feedback/options", { token: org.accessToken })).body.data).toEqual(options);
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expectError(await call("/v1/workouts/feedback/options", { key: multi }), 400, "BadRequest");
    expect((await call(`/v1/workouts/feedback/options?organizationId=${other.organizationId}`, { key: multi })).body.data).toEqual(otherOptions);
    // The member token wins over organizationId.
    expect((await call(`/v1/workouts/feedback/options?organizationId=${other.organizationId}`, { key: multi, token: org.accessToken })).body.data).toEqual(options);
    expectError(await call(`/v1/workouts/feedback/options?organizationId=${other.organizationId}`, { key: org.key }), 403, "Forbidden");
    expectError(await call("/v1/workouts/feedback/options"), 401, "Unauthorized");
    expectError(await call("/v1/workouts/feedback/options", { key: await createKey(org.organizationId, "content") }), 401, "Unauthorized");
    expectError(await call("/v1/workouts/feedback/options?foo=1", { key: org.key }), 400, "ValidationError");
  });
});

describe("POST /v1/workouts/{workoutId}/feedback", () => {
  it("creates the session's feedback, and a repeat updates it; the workout's rating follows", async () => {
    const workoutId = org.library.workoutIds[3]!;
    const [m] = await addMembers(db(), org.organizationId, 1);
    const sessionId = await session(workoutId, { endUserId: m!.id });
    const before = await stored(workoutId);

    const first = await call(`/v1/workouts/${workoutId}/feedback`, {
      key: org.key,
      body: { workoutSessionId: sessionId, ratingId: rating(5).id, difficultyId: options.difficulty[0]!.id, comment: "Loved it", endUserId: m!.id },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      workoutSessionId: sessionId,
      workoutId,
      traineeId: m!.id,
      rating: rating(5),
      difficulty: options.difficulty[0],
      comment: "Loved it",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await stored(workoutId)).toEqual({ sum: before.sum + 5, count: before.count + 1 });

    const second = await call(`/v1/workouts/${workoutId}/feedback`, {
      key: org.key,
      body: { workoutSessionId: sessionId, ratingId: rating(2).id, endUserId: m!.email },
    });
    expect(second.body.data).toMatchObject({ id: first.body.data.id, rating: rating(2), difficulty: options.difficulty[0], comment: "Loved it" });
    expect(await stored(workoutId)).toEqual({ sum: before.sum + 2, count: before.count + 1 });

    const cleared = await call(`/v1/workouts/${workoutId}/feedback`, {
      key: org.key,
      body: { workoutSessionId: sessionId, ratingId: null, comment: null, endUserId: m!.id },
    });
    expect(cleared.body.data).toMatchObject({ rating: null, comment: null, difficulty: options.difficulty[0] });
    expect(await stored(workoutId)).toEqual(before);
    expect(await db().select().from(workoutFeedback).where(eq(workoutFeedback.sessionId, sessionId))).toHaveLength(1);
  });

  it("feeds the workout's average rating from several sessions, anonymous ones included", async () => {
    const workoutId = org.library.workoutIds[4]!;
    const before = await stored(workoutId);
    // The detail is served from a cache keyed by the workout's version: read it first so the
    // rating below must come from an invalidated entry, not a fresh build.
    const listPath = `/v1/orgs/${org.organizationId}/workouts?limit=50`;
    expect((await call(`/v1/workouts/${workoutId}`, { key: org.key })).status).toBe(200);
    expect((await call(listPath, { key: org.key })).status).toBe(200);
    for (const value of [4, 5, 3]) {
      const sessionId = await session(workoutId);
      const res = await call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body: { workoutSessionId: sessionId, ratingId: rating(value).id } });
      expect(res.status).toBe(200);
      expect(res.body.data.traineeId).toBeNull();
    }
    expect(await stored(workoutId)).toEqual({ sum: before.sum + 12, count: before.count + 3 });
    const after = await stored(workoutId);
    const detail = await call(`/v1/workouts/${workoutId}`, { key: org.key });
    expect(detail.body.data.rating).toBe(Math.round((after.sum / after.count) * 100) / 100);
    const listed = (await call(listPath, { key: org.key })).body.data.find((w: { id: string }) => w.id === workoutId);
    expect(listed.rating).toBe(detail.body.data.rating);
  });

  it("counts a session once under concurrent submissions", async () => {
    const workoutId = org.library.workoutIds[6]!;
    const sessionId = await session(workoutId);
    const before = await stored(workoutId);
    const results = await Promise.all(
      [5, 4, 3, 2, 1, 5].map((v) =>
        call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body: { workoutSessionId: sessionId, ratingId: rating(v).id } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await db().select().from(workoutFeedback).where(eq(workoutFeedback.sessionId, sessionId));
    expect(rows).toHaveLength(1);
    const final = options.rating.find((o) => o.id === rows[0]!.ratingOptionId)!.value;
    expect(await stored(workoutId)).toEqual({ sum: before.sum + final, count: before.count + 1 });
  });

  it("rejects labels (400 ValidationError) and unknown, foreign or wrong-kind option ids (400 BadRequest), writing nothing", async () => {
    const workoutId = org.library.workoutIds[7]!;
    const sessionId = await session(workoutId);
    const url = `/v1/workouts/${workoutId}/feedback`;
    for (const body of [{ ratingId: "Excellent" }, { ratingId: 5 }, { difficultyId: "too-easy" }, { ratingId: "good" }]) {
      expectError(await call(url, { key: org.key, body: { workoutSessionId: sessionId, ...body } }), 400, "ValidationError");
    }
    for (const body of [
      { ratingId: "a".repeat(24) },
      { ratingId: otherOptions.rating[0]!.id },
      { ratingId: options.difficulty[0]!.id },
      { difficultyId: options.rating[0]!.id },
    ]) {
      const err = expectError(await call(url, { key: org.key, body: { workoutSessionId: sessionId, ...body } }), 400, "BadRequest");
      expect(err.details?.[0]?.target).toBe(Object.keys(body)[0]);
    }
    expectError(await call(url, { key: org.key, body: { workoutSessionId: sessionId } }), 400, "ValidationError");
    expectError(await call(url, { key: org.key, body: { ratingId: rating(3).id } }), 400, "ValidationError");
    expectError(await call(url, { key: org.key, body: { workoutSessionId: sessionId, comment: "x".repeat(2001) } }), 400, "ValidationError");
    expect(await db().select().from(workoutFeedback).where(eq(workoutFeedback.sessionId, sessionId))).toEqual([]);
  });

  it("answers 404 for sessions that are not the caller's or not of this workout, and honours the Bearer token", async () => {
    const workoutId = org.library.workoutIds[8]!;
    const [a, b] = await addMembers(db(), org.organizationId, 2);
    const tokenA = await issueAccessToken(a!.id, org.organizationId);
    const sessionId = await session(workoutId, {}, tokenA);
    const body = { workoutSessionId: sessionId, ratingId: rating(4).id };
    for (const res of await Promise.all([
      call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body }),
      call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body: { ...body, endUserId: b!.id } }),
      call(`/v1/workouts/${workoutId}/feedback`, { key: other.key, body: { ...body, endUserId: a!.id } }),
      call(`/v1/workouts/${org.library.workoutIds[9]}/feedback`, { token: tokenA, body }),
      call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body: { ...body, workoutSessionId: "d".repeat(24) } }),
      call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, body: { ...body, endUserId: org.library.suspendedEndUser.id } }),
    ])) {
      expectError(res, 404, "NotFound");
    }
    const ok = await call(`/v1/workouts/${workoutId}/feedback`, { key: org.key, token: tokenA, body: { ...body, endUserId: b!.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.traineeId).toBe(a!.id);
    expectError(await call(`/v1/workouts/${workoutId}/feedback`, { body }), 401, "Unauthorized");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expectError(await call(`/v1/workouts/${workoutId}/feedback`, { key: multi, body: { ...body, endUserId: a!.id } }), 400, "BadRequest");
    expect(
      (await call(`/v1/workouts/${workoutId}/feedback`, { key: multi, body: { ...body, endUserId: a!.id, organizationId: org.organizationId } })).status,
    ).toBe(200);
  });
});
