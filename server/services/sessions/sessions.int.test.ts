import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { endUsers, workoutSegments, workoutSessions, workouts } from "@/db/schema";
import { issueAccessToken } from "@/server/core/access-tokens";
import { addMembers } from "@/test/support/members";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
let workoutId: string;
let expected: number;
const db = () => getDb();
const sessions = () => `/v1/workouts/${workoutId}/sessions`;

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  workoutId = org.library.workoutIds[0]!;
  const [w] = await db().select({ duration: workouts.duration }).from(workouts).where(eq(workouts.id, workoutId));
  expected = w!.duration;
});

async function member() {
  const [m] = await addMembers(db(), org.organizationId, 1);
  return { ...m!, token: await issueAccessToken(m!.id, org.organizationId) };
}

async function start(body: Record<string, unknown> = {}, opts: { token?: string; key?: string | null } = {}) {
  const res = await call(`${sessions()}/start`, { key: opts.key === undefined ? org.key : opts.key, token: opts.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; traineeId: string | null; status: string };
}

const patch = (id: string, body: Record<string, unknown>, opts: { token?: string; key?: string | null } = {}) =>
  call(`${sessions()}/${id}`, { method: "PATCH", key: opts.key === undefined ? org.key : opts.key, token: opts.token, body });

describe("sessions/start", () => {
  it("answers 201 with the session shape; key-only sessions have traineeId null", async () => {
    const res = await call(`${sessions()}/start`, { key: org.key, method: "POST" });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      workoutId,
      workoutSegmentId: null,
      status: "started",
      duration: 0,
      progress: 0,
      traineeId: null,
    });
  });

  it("attributes by internal id, email (any case), external id or Bearer token", async () => {
    const m = await member();
    expect((await start({ endUserId: m.id })).traineeId).toBe(m.id);
    expect((await start({ endUserId: m.email!.toUpperCase() })).traineeId).toBe(m.id);
    expect((await start({ externalUserId: m.externalId })).traineeId).toBe(m.id);
    expect((await start({ endUserId: m.id, externalUserId: m.externalId })).traineeId).toBe(m.id);
    expect((await start({}, { token: m.token, key: null })).traineeId).toBe(m.id);
    expect((await start({}, { token: m.token })).traineeId).toBe(m.id);
  });

  it("lets a Bearer token win over the attribution fields", async () => {
    const m = await member();
    const someoneElse = await member();
    const s = await start({ endUserId: someoneElse.id, externalUserId: "does-not-exist", organizationId: other.organizationId }, { token: m.token });
    expect(s.traineeId).toBe(m.id);
  });

  it("closes the member's previous incomplete sessions of the same workout, keeping their progress", async () => {
    const m = await member();
    const first = await start({ endUserId: m.id });
    await patch(first.id, { progressSeconds: 40, endUserId: m.id });
    const otherWorkout = await call(`/v1/workouts/${org.library.workoutIds[1]}/sessions/start`, { key: org.key, body: { endUserId: m.id } });
    const second = await start({ endUserId: m.id });
    const [row] = await db().select().from(workoutSessions).where(eq(workoutSessions.id, first.id));
    expect(row).toMatchObject({ status: "completed", duration: 40, completedAt: expect.any(Date) });
    expect(row!.progress).toBeLessThan(1);
    const open = await db()
      .select()
      .from(workoutSessions)
      .where(and(eq(workoutSessions.endUserId, m.id), eq(workoutSessions.status, "started")));
    expect(open.map((s) => s.id).sort()).toEqual([second.id, otherWorkout.body.data.id].sort());
  });

  it("leaves anonymous sessions alone and keeps one started session per member under concurrent starts", async () => {
    const a = await start();
    await start();
    expect((await call(`${sessions()}/${a.id}`, { key: org.key })).body.data.status).toBe("started");

    const m = await member();
    const results = await Promise.all(Array.from({ length: 6 }, () => call(`${sessions()}/start`, { key: org.key, body: { endUserId: m.id } })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const open = await db()
      .select()
      .from(workoutSessions)
      .where(and(eq(workoutSessions.endUserId, m.id), eq(workoutSessions.status, "started")));
    expect(open).toHaveLength(1);
  });

  it("answers 404 for unknown or unpublished workouts, 403 for another organization's, 400 for non-hex ids", async () => {
    expectError(await call(`/v1/workouts/${"0".repeat(24)}/sessions/start`, { key: org.key, method: "POST" }), 404, "NotFound");
    expectError(await call(`/v1/workouts/${other.library.workoutIds[0]}/sessions/start`, { key: org.key, method: "POST" }), 403, "Forbidden");
    expectError(await call(`/v1/workouts/${other.library.workoutIds[0]}/sessions/start`, { token: org.accessToken, method: "POST" }), 403, "Forbidden");
    expectError(await call("/v1/workouts/not-hex/sessions/start", { key: org.key, method: "POST" }), 400, "ValidationError");
    const draft = org.library.workoutIds[5]!;
    await db().update(workouts).set({ status: "draft" }).where(eq(workouts.id, draft));
    try {
      expectError(await call(`/v1/workouts/${draft}/sessions/start`, { key: org.key, method: "POST" }), 404, "NotFound");
    } finally {
      await db().update(workouts).set({ status: "published" }).where(eq(workouts.id, draft));
    }
  });

  it("answers 404 for unknown, suspended and other organizations' members and 400 for conflicting fields", async () => {
    for (const body of [
      { endUserId: "nobody@example.com" },
      { endUserId: "0".repeat(24) },
      { endUserId: "not-an-id-or-email" },
      { externalUserId: "ext-nobody" },
      { endUserId: org.library.suspendedEndUser.id },
      { endUserId: org.library.suspendedEndUser.email },
      { externalUserId: org.library.suspendedEndUser.externalId },
      { endUserId: other.library.endUsers[0]!.id },
    ]) {
      expectError(await call(`${sessions()}/start`, { key: org.key, body }), 404, "NotFound");
    }
    const suspendedToken = await issueAccessToken(org.library.suspendedEndUser.id, org.organizationId);
    expectError(await call(`${sessions()}/start`, { token: suspendedToken, method: "POST" }), 404, "NotFound");
    const [a, b] = [await member(), await member()];
    expectError(await call(`${sessions()}/start`, { key: org.key, body: { endUserId: a.id, externalUserId: b.externalId } }), 400, "BadRequest");
    expectError(await call(`${sessions()}/start`, { key: org.key, body: { userId: a.id } }), 400, "ValidationError");
  });

  it("requires organizationId from keys spanning several organizations", async () => {
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    const err = expectError(await call(`${sessions()}/start`, { key: multi, body: { endUserId: org.library.endUsers[0]!.id } }), 400, "BadRequest");
    expect(err.target).toBe("StartWorkoutSessionBody");
    expectError(await call(`${sessions()}/recent?endUserId=${org.library.endUsers[0]!.id}`, { key: multi }), 400, "BadRequest");
    const ok = await call(`${sessions()}/start`, { key: multi, body: { endUserId: org.library.endUsers[0]!.id, organizationId: org.organizationId } });
    expect(ok.status).toBe(201);
    // The workout belongs to the other organization named: not found there.
    expectError(await call(`${sessions()}/start`, { key: multi, body: { organizationId: other.organizationId } }), 404, "NotFound");
    // With a member token the key's organizations do not matter.
    expect((await call(`${sessions()}/start`, { key: multi, token: org.accessToken, method: "POST" })).status).toBe(201);
  });

  it("passes the shared security cases and accepts a Bearer token alone", async () => {
    await expectAuthMatrix(org, `${sessions()}/start`, { body: {} });
    expectError(await call(`${sessions()}/start`, { token: "not-a-token", method: "POST" }), 401, "Unauthorized");
    expectError(await call(`${sessions()}/start`, { key: org.key, token: "not-a-token", method: "POST" }), 401, "Unauthorized");
    expectError(await call(`${sessions()}/start`, { key: other.key, token: org.accessToken, method: "POST" }), 403, "Forbidden");
  });
});

describe("PATCH, end and complete", () => {
  it("stores progressSeconds and the segment, capping duration at twice the workout length", async () => {
    const s = await start();
    const [segment] = await db().select().from(workoutSegments).where(eq(workoutSegments.workoutId, workoutId)).limit(1);
    const half = Math.floor(expected / 2);
    const res = await patch(s.id, { progressSeconds: half, workoutSegmentId: segment!.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "started", duration: half, workoutSegmentId: segment!.id });
    expect(res.body.data.progress).toBeCloseTo(half / expected, 3);
    const segmentOnly = await patch(s.id, { workoutSegmentId: null });
    expect(segmentOnly.body.data).toMatchObject({ duration: half, workoutSegmentId: null });
    const capped = await patch(s.id, { progressSeconds: expected * 5 });
    expect(capped.body.data).toMatchObject({ duration: expected * 2, progress: 1 });
    const rounded = await patch(s.id, { progressSeconds: 12.6 });
    expect(rounded.body.data.duration).toBe(13);
  });

  it("rejects invalid bodies and segments of other workouts", async () => {
    const s = await start();
    expectError(await patch(s.id, {}), 400, "ValidationError");
    expectError(await patch(s.id, { progressSeconds: -1 }), 400, "ValidationError");
    expectError(await patch(s.id, { progressSeconds: "10" }), 400, "ValidationError");
    expectError(await patch(s.id, { progressSeconds: 10, status: "completed" }), 400, "ValidationError");
    const [foreign] = await db().select().from(workoutSegments).where(eq(workoutSegments.workoutId, org.library.workoutIds[1]!)).limit(1);
    expectError(await patch(s.id, { workoutSegmentId: foreign!.id }), 400, "BadRequest");
    expectError(await call(`${sessions()}/end`, { key: org.key, body: {} }), 400, "ValidationError");
    expectError(await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: "x" } }), 400, "ValidationError");
  });

  it("end keeps the last PATCH's duration and progress; 0 without a PATCH", async () => {
    const s = await start();
    await patch(s.id, { progressSeconds: 30 });
    const ended = await call(`${sessions()}/end`, { key: org.key, body: { sessionId: s.id } });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: "completed", duration: 30 });
    expect(ended.body.data.progress).toBeCloseTo(30 / expected, 3);
    const bare = await start();
    const endedBare = await call(`${sessions()}/end`, { key: org.key, body: { sessionId: bare.id } });
    expect(endedBare.body.data).toMatchObject({ status: "completed", duration: 0, progress: 0 });
  });

  it("complete forces progress 1 and the full workout duration", async () => {
    const s = await start();
    await patch(s.id, { progressSeconds: 10 });
    const done = await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "completed", duration: expected, progress: 1 });
  });

  it("answers 409 to any change of a completed session", async () => {
    const s = await start();
    await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id } });
    expectError(await patch(s.id, { progressSeconds: 5 }), 409, "Conflict");
    expectError(await call(`${sessions()}/end`, { key: org.key, body: { sessionId: s.id } }), 409, "Conflict");
    expectError(await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id } }), 409, "Conflict");
    const e = await start();
    await call(`${sessions()}/end`, { key: org.key, body: { sessionId: e.id } });
    expectError(await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: e.id } }), 409, "Conflict");
    expect((await call(`${sessions()}/${s.id}`, { key: org.key })).body.data).toMatchObject({ status: "completed", progress: 1, duration: expected });
  });

  it("gives exactly one outcome when PATCH races complete: applied before completion, or 409", async () => {
    const outcomes = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const s = await start();
      const [p, c] = await Promise.all([patch(s.id, { progressSeconds: 60 }), call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id } })]);
      expect(c.status, c.text).toBe(200);
      expect([200, 409]).toContain(p.status);
      outcomes.add(p.status);
      if (p.status === 200) expect(p.body.data.status).toBe("started");
      const final = (await call(`${sessions()}/${s.id}`, { key: org.key })).body.data;
      expect(final).toMatchObject({ status: "completed", progress: 1, duration: expected });
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("loses no update when PATCH races end: the ended session has the PATCH's duration iff it was applied", async () => {
    for (let i = 0; i < 12; i++) {
      const s = await start();
      await patch(s.id, { progressSeconds: 10 });
      const [p, e] = await Promise.all([patch(s.id, { progressSeconds: 70 }), call(`${sessions()}/end`, { key: org.key, body: { sessionId: s.id } })]);
      expect(e.status).toBe(200);
      const final = (await call(`${sessions()}/${s.id}`, { key: org.key })).body.data;
      expect(final.status).toBe("completed");
      if (p.status === 200) expect(final.duration).toBe(70);
      else {
        expectError(p, 409, "Conflict");
        expect(final.duration).toBe(10);
      }
      expect(e.body.data.duration).toBe(final.duration);
    }
  });

  it("keeps the last of many parallel PATCHes whole (no torn duration and progress)", async () => {
    const s = await start();
    const values = [11, 22, 33, 44, 55, 66, 77, 88];
    const results = await Promise.all(values.map((v) => patch(s.id, { progressSeconds: v })));
    expect(results.map((r) => r.status)).toEqual(values.map(() => 200));
    const final = (await call(`${sessions()}/${s.id}`, { key: org.key })).body.data;
    expect(values).toContain(final.duration);
    expect(final.progress).toBeCloseTo(final.duration / expected, 3);
  });
});

describe("ownership, GET and recent", () => {
  it("reads the caller's session and answers 404 for anyone else's", async () => {
    const a = await member();
    const b = await member();
    const sa = await start({ endUserId: a.id });
    const anon = await start();
    expect((await call(`${sessions()}/${sa.id}?endUserId=${encodeURIComponent(a.email!)}`, { key: org.key })).status).toBe(200);
    expect((await call(`${sessions()}/${sa.id}`, { token: a.token })).status).toBe(200);
    expect((await call(`${sessions()}/${anon.id}`, { key: org.key })).status).toBe(200);
    const notMine = [
      call(`${sessions()}/${sa.id}?endUserId=${b.id}`, { key: org.key }),
      call(`${sessions()}/${sa.id}`, { token: b.token }),
      call(`${sessions()}/${sa.id}`, { key: org.key }),
      call(`${sessions()}/${anon.id}?endUserId=${a.id}`, { key: org.key }),
      call(`${sessions()}/${sa.id}`, { key: other.key }),
      call(`/v1/workouts/${org.library.workoutIds[1]}/sessions/${sa.id}?endUserId=${a.id}`, { key: org.key }),
      call(`${sessions()}/${"c".repeat(24)}`, { key: org.key }),
      patch(sa.id, { progressSeconds: 5, endUserId: b.id }),
      patch(sa.id, { progressSeconds: 5 }),
      call(`${sessions()}/end`, { key: org.key, body: { sessionId: sa.id, endUserId: b.id } }),
      call(`${sessions()}/complete`, { key: org.key, token: b.token, body: { sessionId: sa.id, endUserId: a.id } }),
    ];
    for (const res of await Promise.all(notMine)) expectError(res, 404, "NotFound");
    expect((await call(`${sessions()}/${sa.id}`, { token: a.token })).body.data).toMatchObject({ status: "started", duration: 0 });
  });

  it("answers 404 once the session's member is suspended, whether named by token or by field", async () => {
    const m = await member();
    const s = await start({ endUserId: m.id });
    await db().update(endUsers).set({ status: "suspended" }).where(eq(endUsers.id, m.id));
    expectError(await patch(s.id, { progressSeconds: 5 }, { token: m.token, key: null }), 404, "NotFound");
    expectError(await patch(s.id, { progressSeconds: 5, endUserId: m.id }), 404, "NotFound");
    expectError(await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id, externalUserId: m.externalId } }), 404, "NotFound");
    expectError(await call(`${sessions()}/${s.id}?endUserId=${m.id}`, { key: org.key }), 404, "NotFound");
  });

  it("returns the most recent started session for an identity, 404 without identity or after completion", async () => {
    const m = await member();
    expectError(await call(`${sessions()}/recent`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${sessions()}/recent?endUserId=${m.id}`, { key: org.key }), 404, "NotFound");
    const s = await start({ endUserId: m.id });
    await patch(s.id, { progressSeconds: 25, endUserId: m.id });
    await start(); // anonymous sessions never resume for anyone
    const recent = await call(`${sessions()}/recent?externalUserId=${m.externalId}`, { key: org.key });
    expect(recent.status).toBe(200);
    expect(recent.body.data).toMatchObject({ id: s.id, status: "started", duration: 25, traineeId: m.id });
    expect((await call(`${sessions()}/recent`, { token: m.token })).body.data.id).toBe(s.id);
    expectError(await call(`${sessions()}/recent`, { key: org.key }), 404, "NotFound");
    await call(`${sessions()}/complete`, { key: org.key, body: { sessionId: s.id, endUserId: m.id } });
    expectError(await call(`${sessions()}/recent?endUserId=${m.id}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${sessions()}/recent?endUserId=${org.library.suspendedEndUser.id}`, { key: org.key }), 404, "NotFound");
  });

  it("needs credentials on every session route", async () => {
    const s = await start();
    for (const res of await Promise.all([
      call(`${sessions()}/${s.id}`),
      call(`${sessions()}/${s.id}`, { method: "PATCH", body: { progressSeconds: 1 } }),
      call(`${sessions()}/end`, { body: { sessionId: s.id } }),
      call(`${sessions()}/complete`, { body: { sessionId: s.id } }),
      call(`${sessions()}/recent`),
      call(`${sessions()}/recent`, { key: await createKey(org.organizationId, "content") }),
    ])) {
      expectError(res, 401, "Unauthorized");
    }
    const wrong = await call(`${sessions()}/start`, { key: org.key, method: "GET" });
    expectError(wrong, 405, "MethodNotAllowed");
  });
});
