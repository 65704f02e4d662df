import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { castSessions } from "@/db/schema";
import { sweepCastSessions } from "@/server/services/cast/sweep-sessions";
import { createApiKey } from "@/server/services/organizations/create-organization";
import { type CastClient, castCall, connectCast, connectCastUrl, createSession, joinSession, pause, refusal } from "@/test/support/cast";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, createKey, createTestOrg, useTestApp } from "@/test/harness";

useTestApp({ realtime: true });

let org: TestLibraryOrg;
let workoutId: string;
const db = () => getDb();
const open: CastClient[] = [];

beforeAll(async () => {
  org = await createLibraryOrg();
  workoutId = org.library.workoutIdByKey.get("full-body-foundations")!;
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

async function display(sessionId: string, key = org.key): Promise<CastClient> {
  const c = await connectCast(app.baseUrl, { apiKey: key, sessionId, role: "display" });
  open.push(c);
  return c;
}

async function controller(sessionId: string, deviceId: string, key = org.key): Promise<CastClient> {
  const c = await connectCast(app.baseUrl, { apiKey: key, sessionId, role: "controller", deviceId });
  open.push(c);
  return c;
}

/** A session with a display connected and a paired controller connected. */
async function pairedSession(deviceId = "phone-1") {
  const s = await createSession(org.key, { displayName: "Gym TV" });
  const tv = await display(s.id);
  await joinSession(org.key, s, deviceId);
  const phone = await controller(s.id, deviceId);
  await tv.log.wait("pairing-success");
  await phone.log.wait("pairing-success");
  return { s, tv, phone };
}

/** The connect_error a handshake at a given URL is refused with. */
async function refusalAt(url: string, auth: Record<string, unknown>) {
  try {
    (await connectCastUrl(url, auth)).close();
  } catch (err) {
    return err as { data: { code: string } };
  }
  throw new Error("the handshake was accepted");
}

describe("handshake", () => {
  it("refuses a missing, malformed, unknown, content-only or expired key (Unauthorized)", async () => {
    const s = await createSession(org.key);
    const expired = (await createApiKey(db(), { organizationId: org.organizationId, kind: "team", expiresAt: new Date(Date.now() - 1000) })).key;
    const content = await createKey(org.organizationId, "content");
    for (const apiKey of [undefined, "", 42, "not-a-key", `fma_${"A".repeat(32)}`, content, expired]) {
      const err = await refusal(app.baseUrl, { apiKey, sessionId: s.id });
      expect(err.data.code, String(apiKey)).toBe("Unauthorized");
      expect(err.message.length).toBeGreaterThan(5);
    }
  });

  it("refuses another organization's key (Forbidden), an unknown session (NotFound) and a malformed one (BadRequest)", async () => {
    const s = await createSession(org.key);
    const otherOrg = await createTestOrg({ name: "Other" });
    expect((await refusal(app.baseUrl, { apiKey: otherOrg.key, sessionId: s.id })).data.code).toBe("Forbidden");
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: "e".repeat(24) })).data.code).toBe("NotFound");
    expect((await refusal(app.baseUrl, { apiKey: org.key })).data.code).toBe("BadRequest");
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: "nope" })).data.code).toBe("BadRequest");
  });

  it("admits a controller only as the session's paired device", async () => {
    const s = await createSession(org.key);
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: s.id, role: "controller" })).data.code).toBe("BadRequest");
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: s.id, role: "controller", deviceId: "stranger" })).data.code).toBe("Forbidden");
    await joinSession(org.key, s, "phone-1");
    const phone = await controller(s.id, "phone-1");
    expect(phone.socket.connected).toBe(true);
  });

  it("admits io(socketIO.fullUrl, { auth: { apiKey } }) alone, as the contract says, for the display and the controller", async () => {
    const s = await createSession(org.key, { displayName: "Gym TV" });
    const tv = await connectCastUrl(s.socketIO.fullUrl, { apiKey: org.key });
    open.push(tv);
    const joined = await joinSession(org.key, s, "phone-url");
    const phone = await connectCastUrl(joined.socketIO.fullUrl, { apiKey: org.key });
    open.push(phone);
    expect(await phone.log.wait("pairing-success")).toEqual({ sessionId: s.id, displayName: "Gym TV" });
    expect(await tv.log.wait("device-paired")).toMatchObject({ sessionId: s.id, device: { deviceId: "phone-url" } });
    // The URL names the session; the key still decides (another organization's key is refused).
    const otherOrg = await createTestOrg();
    expect((await refusalAt(s.socketIO.fullUrl, { apiKey: otherOrg.key })).data.code).toBe("Forbidden");
    // auth takes precedence over the URL's query: a controller URL used with another device id is that device.
    expect((await refusalAt(joined.socketIO.fullUrl, { apiKey: org.key, deviceId: "stranger" })).data.code).toBe("Forbidden");
  });

  it("lets a multi-organization key follow sessions of its organizations", async () => {
    const s = await createSession(org.key);
    const multi = await createKey(org.organizationId, "multi", [(await createTestOrg()).organizationId]);
    expect((await display(s.id, multi)).socket.connected).toBe(true);
  });
});

describe("events", () => {
  it("pairing: the room hears device-paired and pairing-success; a connecting controller gets pairing-success without device fields", async () => {
    const s = await createSession(org.key, { displayName: "Gym TV" });
    const tv = await display(s.id);
    await joinSession(org.key, s, "phone-1");
    const paired = await tv.log.wait("device-paired");
    expect(paired).toMatchObject({ sessionId: s.id, version: expect.any(Number), device: { deviceId: "phone-1" }, replacedDeviceId: null });
    expect(await tv.log.wait("pairing-success")).toEqual({ sessionId: s.id, displayName: "Gym TV" });
    const phone = await controller(s.id, "phone-1");
    expect(await phone.log.wait("pairing-success")).toEqual({ sessionId: s.id, displayName: "Gym TV" });
  });

  it("every REST command reaches the room: workout-cast, workout-session-started, workout-state-changed, workout-progress-changed", async () => {
    const { s, tv, phone } = await pairedSession();
    tv.log.clear();
    phone.log.clear();

    await castCall(org.key, s.id, "/workout", { workoutId });
    const cast = await tv.log.wait("workout-cast");
    expect(cast).toMatchObject({ sessionId: s.id, workout: { id: workoutId }, status: { state: "loaded" } });
    expect(JSON.stringify(cast)).not.toContain("workoutData");

    const started = await castCall(org.key, s.id, "/workout/start", {});
    const wss = await tv.log.wait("workout-session-started");
    expect(wss).toMatchObject({
      sessionId: s.id,
      workoutSession: { id: started.body.data.workoutSession.id, status: "started" },
      status: { state: "playing" },
    });
    expect(await tv.log.wait("workout-progress-changed", (p) => p.action === "start")).toMatchObject({ status: { position: 0 } });

    await castCall(org.key, s.id, "/workout/control", { action: "pause" });
    expect(await tv.log.wait("workout-state-changed", (p) => p.action === "pause")).toMatchObject({ sessionId: s.id, status: { state: "paused" } });

    await castCall(org.key, s.id, "/workout/control", { action: "next" });
    const moved = await tv.log.wait("workout-progress-changed", (p) => p.action === "next");
    expect(moved.status.position).toBe(1);
    await tv.log.wait("workout-state-changed", (p) => p.action === "next");

    for (const action of ["play", "prev", "restart", "done"]) {
      await castCall(org.key, s.id, "/workout/control", { action });
      await tv.log.wait("workout-state-changed", (p) => p.action === action);
    }
    const done = await tv.log.wait("workout-state-changed", (p) => p.action === "done");
    expect(done.status.state).toBe("completed");
    // The controller hears the same room.
    await phone.log.wait("workout-state-changed", (p) => p.action === "done");
    // Versions grow in the order the commands were applied.
    const versions = tv.log.events.filter((e) => e.name === "workout-state-changed").map((e) => e.payload.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it("done_exercise is broadcast like any control", async () => {
    const { s, tv } = await pairedSession();
    await castCall(org.key, s.id, "/workout", { workoutId });
    await castCall(org.key, s.id, "/workout/start", {});
    for (let i = 0; i < 10; i++) {
      const st = await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: org.key });
      if (st.body.data.currentExerciseIsRepBased) break;
      await castCall(org.key, s.id, "/workout/control", { action: "next" });
    }
    expect((await castCall(org.key, s.id, "/workout/control", { action: "done_exercise" })).status).toBe(200);
    await tv.log.wait("workout-progress-changed", (p) => p.action === "done_exercise");
    await tv.log.wait("workout-state-changed", (p) => p.action === "done_exercise");
  });

  it("device disconnect: device-disconnected (unpaired), the controller's socket is closed, the display stays", async () => {
    const { s, tv, phone } = await pairedSession();
    await castCall(org.key, s.id, "/device/disconnect", {});
    expect(await tv.log.wait("device-disconnected")).toMatchObject({ sessionId: s.id, deviceId: "phone-1", reason: "unpaired" });
    expect(await phone.disconnected).toBe("io server disconnect");
    expect(tv.socket.connected).toBe(true);
  });
});

describe("one controller per session", () => {
  it("a new join disconnects the previous device, over the socket too", async () => {
    const { s, tv, phone } = await pairedSession("phone-a");
    await joinSession(org.key, s, "phone-b");
    expect(await phone.log.wait("device-disconnected")).toMatchObject({ deviceId: "phone-a", reason: "replaced" });
    expect(await phone.disconnected).toBe("io server disconnect");
    expect(await tv.log.wait("device-paired", (p) => p.device.deviceId === "phone-b")).toMatchObject({ replacedDeviceId: "phone-a" });
    // The replaced device can no longer connect as controller; the new one can.
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: s.id, role: "controller", deviceId: "phone-a" })).data.code).toBe("Forbidden");
    expect((await controller(s.id, "phone-b")).socket.connected).toBe(true);
  });

  it("rejoins after a disconnect with the same code", async () => {
    const { s, tv, phone } = await pairedSession("phone-a");
    await castCall(org.key, s.id, "/device/disconnect", {});
    await phone.disconnected;
    const res = await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "phone-a" } });
    expect(res.status).toBe(200);
    await tv.log.wait("device-paired");
    const back = await controller(s.id, "phone-a");
    expect(await back.log.wait("pairing-success")).toEqual({ sessionId: s.id, displayName: "Gym TV" });
  });
});

describe("heartbeat", () => {
  it("keeps the controller alive and acknowledges; a wrong session or device is refused", async () => {
    const { s, phone, tv } = await pairedSession();
    await db()
      .update(castSessions)
      .set({ controllerLastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(castSessions.id, s.id));
    const ack = await phone.socket.emitWithAck("heartbeat", { sessionId: s.id, deviceId: "phone-1" });
    expect(ack).toMatchObject({ ok: true, nextHeartbeatInMs: 30_000 });
    const [row] = await db().select().from(castSessions).where(eq(castSessions.id, s.id));
    expect(Date.now() - row!.controllerLastSeenAt!.getTime()).toBeLessThan(5000);
    expect(await phone.socket.emitWithAck("heartbeat", { sessionId: "f".repeat(24), deviceId: "phone-1" })).toMatchObject({
      ok: false,
      error: { code: "BadRequest" },
    });
    expect(await phone.socket.emitWithAck("heartbeat", { sessionId: s.id, deviceId: "someone" })).toMatchObject({ ok: false, error: { code: "BadRequest" } });
    expect(await tv.socket.emitWithAck("heartbeat", { sessionId: s.id })).toMatchObject({ ok: true });
  });

  it("a device silent for 90 s counts as disconnected: the sweep tells the room and closes it, playback continues", async () => {
    const { s, phone, tv } = await pairedSession();
    await castCall(org.key, s.id, "/workout", { workoutId });
    await castCall(org.key, s.id, "/workout/start", {});
    await db()
      .update(castSessions)
      .set({ controllerLastSeenAt: new Date(Date.now() - 91_000) })
      .where(eq(castSessions.id, s.id));
    await sweepCastSessions(db());
    expect(await tv.log.wait("device-disconnected")).toMatchObject({ deviceId: "phone-1", reason: "timeout" });
    expect(await phone.disconnected).toBe("io server disconnect");
    const st = await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: org.key });
    expect(st.body.data).toMatchObject({ state: "playing", device: null });
  });

  it("a late heartbeat from a device already counted as disconnected is refused and closed", async () => {
    const { s, phone } = await pairedSession();
    await db()
      .update(castSessions)
      .set({ controllerLastSeenAt: new Date(Date.now() - 91_000) })
      .where(eq(castSessions.id, s.id));
    expect(await phone.socket.emitWithAck("heartbeat", { sessionId: s.id, deviceId: "phone-1" })).toMatchObject({ ok: false, error: { code: "Forbidden" } });
    expect(await phone.disconnected).toBe("io server disconnect");
  });
});

describe("isolation", () => {
  it("a socket hears its own session only", async () => {
    const a = await pairedSession("a-phone");
    const b = await pairedSession("b-phone");
    b.tv.log.clear();
    b.phone.log.clear();
    await castCall(org.key, a.s.id, "/workout", { workoutId });
    await castCall(org.key, a.s.id, "/workout/start", {});
    await castCall(org.key, a.s.id, "/workout/control", { action: "pause" });
    await joinSession(org.key, a.s, "a-other");
    await a.tv.log.wait("device-paired", (p) => p.device.deviceId === "a-other");
    await pause(200);
    expect(b.tv.log.names()).toEqual([]);
    expect(b.phone.log.names()).toEqual([]);
    expect(b.phone.socket.connected).toBe(true);
  });
});

describe("end of a session", () => {
  it("terminate: session-ended (terminated) to everyone, sockets closed, the code no longer joins", async () => {
    const { s, tv, phone } = await pairedSession();
    expect((await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    for (const c of [tv, phone]) {
      expect(await c.log.wait("session-ended")).toMatchObject({ sessionId: s.id, reason: "terminated", endedAt: expect.any(String) });
      expect(await c.disconnected).toBe("io server disconnect");
    }
    expect((await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "phone-1" } })).status).toBe(404);
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: s.id })).data.code).toBe("Gone");
  });

  it("expiry through the sweep: session-ended (expired), sockets closed", async () => {
    const { s, tv, phone } = await pairedSession();
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    await sweepCastSessions(db());
    for (const c of [tv, phone]) {
      expect(await c.log.wait("session-ended")).toMatchObject({ reason: "expired" });
      expect(await c.disconnected).toBe("io server disconnect");
    }
    expect((await call("/v1/cast/pairing/join-by-code", { key: org.key, body: { code: s.code, deviceId: "phone-1" } })).status).toBe(404);
  });

  it("expiry found on read tells the sockets at once, before any sweep", async () => {
    const { s, tv } = await pairedSession();
    await db()
      .update(castSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(castSessions.id, s.id));
    expect((await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: org.key })).status).toBe(410);
    expect(await tv.log.wait("session-ended")).toMatchObject({ reason: "expired" });
    expect(await tv.disconnected).toBe("io server disconnect");
    expect((await refusal(app.baseUrl, { apiKey: org.key, sessionId: s.id })).data.code).toBe("Gone");
  });
});
