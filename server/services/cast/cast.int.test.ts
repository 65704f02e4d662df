import { InngestTestEngine } from "@inngest/test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { castSessions, workoutSessions, workouts } from "@/db/schema";
import { sweepCastSessions as sweepCastSessionsFunction } from "@/inngest/functions/sweep-cast-sessions";
import { ALL_JOBS } from "@/server/jobs";
import { addMembers } from "@/test/support/members";
import { castCall, createSession, joinSession } from "@/test/support/cast";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { sweepCastSessions } from "./sweep-sessions";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
let repsWorkoutId: string;
let timedWorkoutId: string;
const db = () => getDb();
const HEX = /^[0-9a-f]{24}$/;

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  repsWorkoutId = org.library.workoutIdByKey.get("full-body-foundations")!;
  timedWorkoutId = org.library.workoutIdByKey.get("morning-mobility-flow")!;
});

/** A session with `workoutId` loaded (and started when asked). */
async function prepared(opts: { workoutId?: string; start?: Record<string, unknown> | false } = {}) {
  const session = await createSession(org.key);
  const loaded = await castCall(org.key, session.id, "/workout", { workoutId: opts.workoutId ?? repsWorkoutId });
  expect(loaded.status, loaded.text).toBe(200);
  if (opts.start !== false) {
    const started = await castCall(org.key, session.id, "/workout/start", opts.start ?? {});
    expect(started.status, started.text).toBe(201);
  }
  return session;
}

const control = (sessionId: string, action: string, key = org.key) => castCall(key, sessionId, "/workout/control", { action });
const status = async (sessionId: string) => {
  const res = await call(`/v1/cast/pairing/${sessionId}/workout/status`, { key: org.key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** Sends next until the current segment is a rep-based exercise. */
async function toRepBased(sessionId: string) {
  for (let i = 0; i < 20; i++) {
    const s = await status(sessionId);
    if (s.currentExerciseIsRepBased) return s;
    expect((await control(sessionId, "next")).status).toBe(200);
  }
  throw new Error("no rep-based exercise");
}

const rowOf = async (id: string) => (await db().select().from(castSessions).where(eq(castSessions.id, id)))[0]!;

describe("POST /v1/cast/pairing/session", () => {
  it("creates a session: 6-digit code, QR payload, the display's socket details, 80-minute expiry", async () => {
    const res = await call("/v1/cast/pairing/session", { key: org.key, body: { displayName: "Living room" } });
    expect(res.status, res.text).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      id: expect.stringMatching(HEX),
      organizationId: org.organizationId,
      code: expect.stringMatching(/^\d{6}$/),
      displayName: "Living room",
      socketIO: {
        url: app.baseUrl,
        path: "/socket.io",
        namespace: "/cast/pairing",
        fullUrl: `${app.baseUrl}/cast/pairing?sessionId=${s.id}&role=display`,
        auth: { sessionId: s.id, role: "display" },
      },
      status: { sessionId: s.id, state: "idle", workout: null, device: null, availableActions: ["load"], currentExerciseIsRepBased: false, position: null },
    });
    expect(s.qr.payload).toBe(`${app.baseUrl}/cast?sessionId=${s.id}&code=${s.code}`);
    expect(s.qr.svg).toMatch(/^<svg[^>]*>/);
    const ttl = Date.parse(s.expiresAt) - Date.parse(s.createdAt);
    expect(Math.abs(ttl - 80 * 60_000)).toBeLessThan(2000);
  });

  it("defaults the display name and gives live sessions distinct codes", async () => {
    const sessions = await Promise.all(Array.from({ length: 25 }, () => createSession(org.key)));
    expect(sessions[0]!.displayName).toBe("TV");
    expect(new Set(sessions.map((s) => s.code)).size).toBe(sessions.length);
  });

  it("keeps a code unique among live sessions only (the partial unique index)", async () => {
    const s = await createSession(org.key);
    const dup = { organizationId: org.organizationId, code: s.code, displayName: "x", expiresAt: new Date(Date.now() + 60_000) };
    await expect(db().insert(castSessions).values(dup)).rejects.toThrow();
    expect((await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    await db().insert(castSessions).values(dup); // an ended session's code is free again
  });

  it("resolves the organization: the team key's own, organizationId for multi-organization keys", async () => {
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expectError(await call("/v1/cast/pairing/session", { key: multi, body: {} }), 400, "BadRequest");
    const res = await call("/v1/cast/pairing/session", { key: multi, body: { organizationId: other.organizationId } });
    expect(res.status).toBe(201);
    expect(res.body.data.organizationId).toBe(other.organizationId);
  });

  it("passes the shared auth cases (another organization's key: 403)", async () => {
    await expectAuthMatrix(org, "/v1/cast/pairing/session", { method: "POST", body: { organizationId: org.organizationId } });
  });

  it("validates the body strictly", async () => {
    const e = expectError(await call("/v1/cast/pairing/session", { key: org.key, body: { displayName: "TV", colour: "red" } }), 400, "ValidationError");
    expect(e.details?.[0]).toMatchObject({ code: "ConstraintError", target: "colour" });
    expectError(await call("/v1/cast/pairing/session", { key: org.key, body: { displayName: "x".repeat(81) } }), 400, "ValidationError");
  });
});

describe("GET and DELETE /v1/cast/pairing/session/{sessionId}", () => {
  it("answers the snapshot: code, QR and the current status", async () => {
    const s = await prepared({ start: false });
    const res = await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.id, code: s.code, status: { state: "loaded", workout: { id: repsWorkoutId } } });
  });

  it("404 for an unknown session, 400 for a malformed id, 403 for another organization's", async () => {
    const s = await createSession(org.key);
    expectError(await call(`/v1/cast/pairing/session/${"a".repeat(24)}`, { key: org.key }), 404, "NotFound");
    expectError(await call("/v1/cast/pairing/session/nope", { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `/v1/cast/pairing/session/${s.id}`);
    await expectAuthMatrix(org, `/v1/cast/pairing/session/${s.id}`, { method: "DELETE" });
  });

  it("terminates: 204, then 410 Gone everywhere by id, and the code no longer joins", async () => {
    const s = await prepared();
    const workoutSessionId = (await status(s.id)).workoutSessionId;
    expect((await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expectError(await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key }), 410, "Gone");
    expectError(await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" }), 410, "Gone");
    expectError(await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: org.key }), 410, "Gone");
    expectError(await control(s.id, "play"), 410, "Gone");
    expectError(await call("/v1/cast/pairing/join", { key: org.key, body: { sessionId: s.id, code: s.code, deviceId: "p1" } }), 410, "Gone");
    expectError(await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "p1" } }), 404, "NotFound");
    expect(await rowOf(s.id)).toMatchObject({ phase: "ended", endedReason: "terminated" });
    // The running workout session was finished.
    const [ws] = await db().select().from(workoutSessions).where(eq(workoutSessions.id, workoutSessionId));
    expect(ws!.status).toBe("completed");
  });

  it("enforces expiry on read: an expired session answers 410 before any sweep and is ended on the spot", async () => {
    const s = await createSession(org.key);
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    const e = expectError(await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key }), 410, "Gone");
    expect(e.message).toContain("expired");
    expect(await rowOf(s.id)).toMatchObject({ phase: "ended", endedReason: "expired" });
    expectError(await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "p1" } }), 404, "NotFound");
  });

  it("commands on an expired session answer 410 and its code stops joining", async () => {
    const s = await prepared();
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    expectError(await control(s.id, "pause"), 410, "Gone");
    const s2 = await createSession(org.key);
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s2.id));
    expectError(await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s2.code, deviceId: "p1" } }), 404, "NotFound");
    expect(await rowOf(s2.id)).toMatchObject({ phase: "ended", endedReason: "expired" });
  });
});

describe("POST /v1/cast/pairing/join and join-by-code", () => {
  it("pairs the device and answers the controller's socket details", async () => {
    const s = await createSession(org.key, { displayName: "Gym TV" });
    const res = await call("/v1/cast/pairing/join", { key: org.key, body: { sessionId: s.id, code: s.code, deviceId: "phone-1" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      sessionId: s.id,
      organizationId: org.organizationId,
      displayName: "Gym TV",
      deviceId: "phone-1",
      socketIO: {
        fullUrl: `${app.baseUrl}/cast/pairing?sessionId=${s.id}&role=controller&deviceId=phone-1`,
        path: "/socket.io",
        auth: { sessionId: s.id, role: "controller", deviceId: "phone-1" },
      },
      status: { device: { deviceId: "phone-1" } },
    });
  });

  it("joins by code with socketIO.fullUrl", async () => {
    const s = await createSession(org.key);
    const res = await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "phone-2" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ sessionId: s.id, socketIO: { fullUrl: `${app.baseUrl}/cast/pairing?sessionId=${s.id}&role=controller&deviceId=phone-2` } });
  });

  it("keeps one controller: a new join replaces the previous device; the same device rejoins", async () => {
    const s = await createSession(org.key);
    await joinSession(org.key, s, "phone-a");
    const second = await joinSession(org.key, s, "phone-b");
    expect(second.status.device.deviceId).toBe("phone-b");
    expect((await status(s.id)).device.deviceId).toBe("phone-b");
    const again = await joinSession(org.key, s, "phone-b");
    expect(again.status.device.deviceId).toBe("phone-b");
  });

  it("404 for a wrong code or an unknown session or code; 400 for a malformed code", async () => {
    const s = await createSession(org.key);
    const wrong = s.code === "000000" ? "000001" : "000000";
    expectError(await call("/v1/cast/pairing/join", { key: org.key, body: { sessionId: s.id, code: wrong, deviceId: "p" } }), 404, "NotFound");
    expectError(await call("/v1/cast/pairing/join", { key: org.key, body: { sessionId: "b".repeat(24), code: s.code, deviceId: "p" } }), 404, "NotFound");
    const unused = await (async () => {
      for (;;) {
        const c = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
        const [hit] = await db()
          .select()
          .from(castSessions)
          .where(and(eq(castSessions.code, c), sql`${castSessions.phase} <> 'ended'`));
        if (!hit) return c;
      }
    })();
    expectError(await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: unused, deviceId: "p" } }), 404, "NotFound");
    expectError(await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: "12345", deviceId: "p" } }), 400, "ValidationError");
    expectError(await call("/v1/cast/pairing/join", { key: org.key, body: { sessionId: s.id, code: s.code } }), 400, "ValidationError");
  });

  it("refuses another organization's session (403) and passes the shared auth cases", async () => {
    const s = await createSession(org.key);
    await expectAuthMatrix(org, "/v1/cast/pairing/join", { method: "POST", body: { sessionId: s.id, code: s.code, deviceId: "p" } });
    await expectAuthMatrix(org, "/v1/cast/pairing/join-by-code", { method: "POST", body: { code: s.code, deviceId: "p" } });
  });

  it("lets a multi-organization key join sessions of any of its organizations", async () => {
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    const s = await createSession(other.key);
    expect((await call("/v1/cast/pairing/join-by-code", { key: multi, body: { code: s.code, deviceId: "p" } })).status).toBe(200);
  });
});

describe("POST /v1/cast/pairing/{sessionId}/workout", () => {
  it("loads a published workout: status loaded, first segment current, never workoutData", async () => {
    const s = await createSession(org.key);
    const res = await castCall(org.key, s.id, "/workout", { workoutId: repsWorkoutId, locale: "de-DE" });
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain("workoutData");
    const [w] = await db().select().from(workouts).where(eq(workouts.id, repsWorkoutId));
    expect(res.body.data).toMatchObject({
      state: "loaded",
      workout: { id: repsWorkoutId, name: w!.name["de-DE"], duration: w!.duration, locale: "de-DE" },
      position: 0,
      currentSegment: { index: 0, kind: "intro" },
      availableActions: ["load", "start"],
    });
    const playlist = await call(`/v1/workouts/${repsWorkoutId}/playlist?locale=de-DE`, { key: org.key });
    expect(res.body.data.segmentCount).toBe(playlist.body.data.length);
    expect(res.body.data.currentSegment.id).toBe(Object.values(playlist.body.data[0])[0] && (Object.values(playlist.body.data[0])[0] as { id: string }).id);
  });

  it("refuses the deprecated workoutData key, unknown and unpublished workouts (404) and another organization's (403)", async () => {
    const s = await createSession(org.key);
    expectError(await castCall(org.key, s.id, "/workout", { workoutId: repsWorkoutId, workoutData: {} }), 400, "ValidationError");
    expectError(await castCall(org.key, s.id, "/workout", { workoutId: "c".repeat(24) }), 404, "NotFound");
    const draft = org.library.workoutIdByKey.get("sprint-intervals-draft")!;
    expectError(await castCall(org.key, s.id, "/workout", { workoutId: draft }), 404, "NotFound");
    expectError(await castCall(org.key, s.id, "/workout", { workoutId: other.library.workoutIds[0] }), 403, "Forbidden");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expectError(await castCall(multi, s.id, "/workout", { workoutId: other.library.workoutIds[0] }), 403, "Forbidden");
    expectError(await castCall(org.key, s.id, "/workout", { workoutId: "xyz" }), 400, "ValidationError");
  });

  it("is refused while a workout is in progress (409), accepted again after done", async () => {
    const s = await prepared();
    const e = expectError(await castCall(org.key, s.id, "/workout", { workoutId: timedWorkoutId }), 409, "Conflict");
    expect(e.message).toContain("done");
    expect((await control(s.id, "done")).status).toBe(200);
    const res = await castCall(org.key, s.id, "/workout", { workoutId: timedWorkoutId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: "loaded", workoutSessionId: null, workout: { id: timedWorkoutId } });
  });

  it("passes the shared auth cases", async () => {
    const s = await createSession(org.key);
    await expectAuthMatrix(org, `/v1/cast/pairing/${s.id}/workout`, { method: "POST", body: { workoutId: repsWorkoutId } });
  });
});

describe("POST /v1/cast/pairing/{sessionId}/workout/start", () => {
  const countSessions = async (workoutId: string) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId)))[0]!.n;

  it("starts anonymously: 201 with the workout session (traineeId null) and the playing status", async () => {
    const s = await prepared({ start: false });
    const res = await castCall(org.key, s.id, "/workout/start", {});
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.workoutSession).toMatchObject({ id: expect.stringMatching(HEX), workoutId: repsWorkoutId, status: "started", traineeId: null });
    expect(res.body.data.status).toMatchObject({ state: "playing", position: 0, workoutSessionId: res.body.data.workoutSession.id, endUserId: null });
    const [ws] = await db().select().from(workoutSessions).where(eq(workoutSessions.id, res.body.data.workoutSession.id));
    expect(ws).toMatchObject({ status: "started", organizationId: org.organizationId, endUserId: null, apiKeyId: org.keyId });
  });

  it("attributes to a member by id, email or external id", async () => {
    const [m] = await addMembers(db(), org.organizationId, 1);
    for (const body of [
      { endUserId: m!.id },
      { endUserId: m!.email!.toUpperCase() },
      { externalUserId: m!.externalId },
      { endUserId: m!.id, organizationId: org.organizationId },
    ]) {
      const s = await prepared({ start: false });
      const res = await castCall(org.key, s.id, "/workout/start", body);
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.workoutSession.traineeId).toBe(m!.id);
      expect(res.body.data.status.endUserId).toBe(m!.id);
    }
  });

  it("a non-member or a suspended member is 404: playback does not start and no workout session is created", async () => {
    const [suspended] = await addMembers(db(), org.organizationId, 1, { status: "suspended" });
    const [foreign] = await addMembers(db(), other.organizationId, 1);
    const s = await prepared({ start: false });
    const before = await countSessions(repsWorkoutId);
    for (const body of [
      { endUserId: suspended!.id },
      { externalUserId: suspended!.externalId },
      { endUserId: "nobody@example.com" },
      { endUserId: foreign!.id },
    ]) {
      expectError(await castCall(org.key, s.id, "/workout/start", body), 404, "NotFound");
    }
    expect(await countSessions(repsWorkoutId)).toBe(before);
    expect(await status(s.id)).toMatchObject({ state: "loaded", workoutSessionId: null });
  });

  it("a Bearer token does not attribute (and is no credential here)", async () => {
    const s = await prepared({ start: false });
    const res = await call(`/v1/cast/pairing/${s.id}/workout/start`, { key: org.key, token: org.accessToken, body: {} });
    expect(res.status).toBe(201);
    expect(res.body.data.workoutSession.traineeId).toBeNull();
    expectError(await call(`/v1/cast/pairing/${s.id}/workout/start`, { key: null, token: org.accessToken, body: {} }), 401, "Unauthorized");
  });

  it("400 for an organizationId that is not the session's; 409 unless loaded and not started", async () => {
    const s = await prepared({ start: false });
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expectError(await castCall(multi, s.id, "/workout/start", { organizationId: other.organizationId }), 400, "BadRequest");
    expect((await castCall(org.key, s.id, "/workout/start", {})).status).toBe(201);
    expectError(await castCall(org.key, s.id, "/workout/start", {}), 409, "Conflict");
    const idle = await createSession(org.key);
    expectError(await castCall(org.key, idle.id, "/workout/start", {}), 409, "Conflict");
  });

  it("passes the shared auth cases", async () => {
    const s = await prepared({ start: false });
    await expectAuthMatrix(org, `/v1/cast/pairing/${s.id}/workout/start`, { method: "POST", body: {} });
  });
});

describe("POST /v1/cast/pairing/{sessionId}/workout/control", () => {
  it("pause, play, next, prev and restart move the state", async () => {
    const s = await prepared();
    let res = await control(s.id, "pause");
    expect(res.body.data).toMatchObject({ state: "paused", position: 0 });
    res = await control(s.id, "next");
    expect(res.body.data).toMatchObject({ state: "paused", position: 1, segmentElapsedSeconds: 0 });
    res = await control(s.id, "play");
    expect(res.body.data).toMatchObject({ state: "playing", position: 1 });
    res = await control(s.id, "prev");
    expect(res.body.data).toMatchObject({ state: "playing", position: 0 });
    await control(s.id, "next");
    await control(s.id, "next");
    res = await control(s.id, "restart");
    expect(res.body.data).toMatchObject({ state: "playing", position: 0 });
    expect(res.body.data.version).toBeGreaterThan(1);
  });

  it("accepts done_exercise only while status reports currentExerciseIsRepBased (409 otherwise)", async () => {
    const s = await prepared();
    expect((await status(s.id)).currentExerciseIsRepBased).toBe(false);
    const e = expectError(await control(s.id, "done_exercise"), 409, "Conflict");
    expect(e.message).toContain("currentExerciseIsRepBased");
    const on = await toRepBased(s.id);
    expect(on.availableActions).toContain("done_exercise");
    const res = await control(s.id, "done_exercise");
    expect(res.status).toBe(200);
    expect(res.body.data.position).toBe(on.position + 1);
  });

  it("done completes the workout session; early it keeps the played time, at the end progress is 1", async () => {
    const early = await prepared();
    const ws = (await status(early.id)).workoutSessionId;
    const res = await control(early.id, "done");
    expect(res.body.data).toMatchObject({ state: "completed", availableActions: ["load"] });
    const read = await call(`/v1/workouts/${repsWorkoutId}/sessions/${ws}`, { key: org.key });
    expect(read.body.data).toMatchObject({ id: ws, status: "completed" });
    expect(read.body.data.progress).toBeLessThan(1);

    const full = await prepared({ workoutId: timedWorkoutId });
    const fullWs = (await status(full.id)).workoutSessionId;
    for (let i = 0; i < 200 && !(await status(full.id)).atEnd; i++) await control(full.id, "next");
    expectError(await control(full.id, "next"), 409, "Conflict");
    expect((await control(full.id, "done")).status).toBe(200);
    const done = await call(`/v1/workouts/${timedWorkoutId}/sessions/${fullWs}`, { key: org.key });
    expect(done.body.data).toMatchObject({ status: "completed", progress: 1 });
    expectError(await control(full.id, "play"), 409, "Conflict");
  });

  it("done completes an attributed member's workout session", async () => {
    const [m] = await addMembers(db(), org.organizationId, 1);
    const s = await prepared({ start: { endUserId: m!.id } });
    const ws = (await status(s.id)).workoutSessionId;
    await control(s.id, "done");
    const read = await call(`/v1/workouts/${repsWorkoutId}/sessions/${ws}?endUserId=${m!.id}`, { key: org.key });
    expect(read.body.data).toMatchObject({ status: "completed", traineeId: m!.id });
  });

  it("409 before a workout is loaded or started; 400 for an unknown action", async () => {
    const idle = await createSession(org.key);
    expectError(await control(idle.id, "play"), 409, "Conflict");
    const loaded = await prepared({ start: false });
    expectError(await control(loaded.id, "next"), 409, "Conflict");
    expectError(await control(loaded.id, "rewind"), 400, "ValidationError");
  });

  it("serializes concurrent commands on one session: none is lost", async () => {
    const s = await prepared({ workoutId: timedWorkoutId });
    await control(s.id, "pause");
    const before = await status(s.id);
    const results = await Promise.all(Array.from({ length: 12 }, () => control(s.id, "next")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const versions = results.map((r) => r.body.data.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(12);
    const after = await status(s.id);
    expect(after.position).toBe(before.position + 12);
    expect(after.version).toBe(before.version + 12);
  });

  it("never answers from a stale remembered row: a change made elsewhere (another instance) is seen", async () => {
    const s = await prepared({ start: false }); // this instance remembers the session as loaded
    await db()
      .update(castSessions)
      .set({ phase: "playing", clockStartedAt: new Date(), version: sql`${castSessions.version} + 1` })
      .where(eq(castSessions.id, s.id));
    const res = await control(s.id, "pause"); // refused from the remembered row (not started), accepted on the current one
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.state).toBe("paused");
    await db()
      .update(castSessions)
      .set({ phase: "playing", clockStartedAt: new Date(), version: sql`${castSessions.version} + 1` })
      .where(eq(castSessions.id, s.id));
    const next = await control(s.id, "pause"); // the remembered row says paused (pause would be a no-op): the write misses and is planned again
    expect(next.body.data.state).toBe("paused");
    expect(next.body.data.version).toBe(res.body.data.version + 2);
  });

  it("passes the shared auth cases", async () => {
    const s = await prepared();
    await expectAuthMatrix(org, `/v1/cast/pairing/${s.id}/workout/control`, { method: "POST", body: { action: "pause" } });
  });
});

describe("GET /v1/cast/pairing/{sessionId}/workout/status", () => {
  it("derives the position from the clock: time-based segments advance while playing", async () => {
    const s = await prepared({ workoutId: timedWorkoutId });
    const first = await status(s.id);
    const firstDuration = first.currentSegment.duration as number;
    await db()
      .update(castSessions)
      .set({ clockStartedAt: sql`${castSessions.clockStartedAt} - make_interval(secs => ${firstDuration + 2})` })
      .where(eq(castSessions.id, s.id));
    const later = await status(s.id);
    expect(later.position).toBe(1);
    expect(later.segmentElapsedSeconds).toBeGreaterThanOrEqual(2);
    expect(later.elapsedSeconds).toBeGreaterThanOrEqual(firstDuration + 2);
    expect(later.version).toBe(first.version); // a read changes nothing
  });

  it("passes the shared auth cases and 404s an unknown session", async () => {
    const s = await createSession(org.key);
    await expectAuthMatrix(org, `/v1/cast/pairing/${s.id}/workout/status`);
    expectError(await call(`/v1/cast/pairing/${"d".repeat(24)}/workout/status`, { key: org.key }), 404, "NotFound");
  });
});

describe("POST /v1/cast/pairing/{sessionId}/device/disconnect", () => {
  it("unpairs the controller while playback keeps running; the same code joins again", async () => {
    const s = await prepared();
    await joinSession(org.key, s, "phone-x");
    const res = await castCall(org.key, s.id, "/device/disconnect", {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ device: null, state: "playing" });
    expect((await castCall(org.key, s.id, "/device/disconnect", {})).status).toBe(200); // idempotent
    const again = await joinSession(org.key, s, "phone-x");
    expect(again.status).toMatchObject({ device: { deviceId: "phone-x" }, state: "playing" });
  });

  it("with deviceId, a stale device cannot unpair its successor", async () => {
    const s = await createSession(org.key);
    await joinSession(org.key, s, "old");
    await joinSession(org.key, s, "new");
    const res = await castCall(org.key, s.id, "/device/disconnect", { deviceId: "old" });
    expect(res.body.data.device.deviceId).toBe("new");
  });

  it("passes the shared auth cases", async () => {
    const s = await createSession(org.key);
    await expectAuthMatrix(org, `/v1/cast/pairing/${s.id}/device/disconnect`, { method: "POST", body: {} });
  });
});

describe("the sweep (cron every minute)", () => {
  it("ends expired sessions, finishing a running workout session", async () => {
    const s = await prepared();
    const ws = (await status(s.id)).workoutSessionId;
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    const out = await sweepCastSessions(db());
    expect(out.expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(s.id)).toMatchObject({ phase: "ended", endedReason: "expired" });
    const [row] = await db().select().from(workoutSessions).where(eq(workoutSessions.id, ws));
    expect(row!.status).toBe("completed");
  });

  it("unpairs a controller silent for 90 s (status already shows it gone before the sweep)", async () => {
    const s = await prepared();
    await joinSession(org.key, s, "quiet");
    await db()
      .update(castSessions)
      .set({ controllerLastSeenAt: new Date(Date.now() - 91_000) })
      .where(eq(castSessions.id, s.id));
    expect((await status(s.id)).device).toBeNull();
    expect((await rowOf(s.id)).controllerDeviceId).toBe("quiet");
    await sweepCastSessions(db());
    expect(await rowOf(s.id)).toMatchObject({ controllerDeviceId: null, phase: "playing" });
  });

  it("is a cron job (every minute), run by pg-boss locally or as an Inngest function", async () => {
    expect(ALL_JOBS.find((j) => j.id === "sweep-cast-sessions")?.trigger).toEqual({ cron: "* * * * *" });
    const s = await createSession(org.key);
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    const t = new InngestTestEngine({ function: sweepCastSessionsFunction });
    const { result } = await t.execute({ events: [{ name: "inngest/scheduled.timer", data: {} }] });
    expect((result as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(s.id)).toMatchObject({ phase: "ended", endedReason: "expired" });
  });

  it("forgets sessions ended more than a day ago (then 404)", async () => {
    const s = await createSession(org.key);
    await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" });
    await db()
      .update(castSessions)
      .set({ endedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(castSessions.id, s.id));
    await sweepCastSessions(db());
    expectError(await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key }), 404, "NotFound");
  });
});

it("team keys of a fresh organization see only their own sessions", async () => {
  const fresh = await createTestOrg();
  const s = await createSession(org.key);
  expectError(await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: fresh.key }), 403, "Forbidden");
});
