import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { castNamespace, sessionRoom } from "@/server/realtime/cast-channel";
import { type CastClient, type ChildInstance, connectCast, createSession, joinSession, startInstance } from "@/test/support/cast";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, useTestApp } from "@/test/harness";

/**
 * Two instances on one database: this test process (the harness with Socket.IO attached) and a
 * second server process (test/support/cast-instance.ts), each with its own HTTP server and
 * PostgreSQL adapter. Commands sent to one instance reach sockets connected to the other.
 */
useTestApp({ realtime: true });

let org: TestLibraryOrg;
let second: ChildInstance;
let workoutId: string;
const open: CastClient[] = [];

beforeAll(async () => {
  [org, second] = await Promise.all([createLibraryOrg(), startInstance()]);
  workoutId = org.library.workoutIds[0]!;
}, 90_000);
afterAll(async () => {
  for (const c of open) c.close();
  await second?.stop();
});

async function connect(baseUrl: string, auth: Parameters<typeof connectCast>[1]) {
  const c = await connectCast(baseUrl, { apiKey: org.key, ...auth });
  open.push(c);
  return c;
}

/** Waits until this instance sees `count` sockets of the session across instances (the adapters are linked). */
async function seenAcrossInstances(sessionId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const sockets = await castNamespace()!.in(sessionRoom(sessionId)).fetchSockets();
    if (sockets.length >= count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the instances never saw each other's sockets");
}

describe("delivery across two instances", () => {
  it("REST on one instance reaches a display on the other, and back", async () => {
    const s = await createSession(org.key);
    const tv = await connect(second.baseUrl, { sessionId: s.id, role: "display" });
    await seenAcrossInstances(s.id, 1);

    // Commands to this instance, display on the other process.
    await joinSession(org.key, s, "phone-1");
    expect(await tv.log.wait("device-paired")).toMatchObject({ device: { deviceId: "phone-1" } });
    await call(`/v1/cast/pairing/${s.id}/workout`, { key: org.key, body: { workoutId } });
    expect(await tv.log.wait("workout-cast")).toMatchObject({ workout: { id: workoutId } });
    await call(`/v1/cast/pairing/${s.id}/workout/start`, { key: org.key, body: {} });
    await tv.log.wait("workout-session-started");

    // A command to the other process reaches a controller connected here.
    const phone = await connect(app.baseUrl, { sessionId: s.id, role: "controller", deviceId: "phone-1" });
    const res = await fetch(`${second.baseUrl}/v1/cast/pairing/${s.id}/workout/control`, {
      method: "POST",
      headers: { "x-api-key": org.key, "content-type": "application/json" },
      body: JSON.stringify({ action: "pause" }),
    });
    expect(res.status).toBe(200);
    expect(await phone.log.wait("workout-state-changed", (p) => p.action === "pause")).toMatchObject({ status: { state: "paused" } });
    expect(await tv.log.wait("workout-state-changed", (p) => p.action === "pause")).toMatchObject({ status: { state: "paused" } });

    // This instance last wrote the session as playing; the other one paused it. Planning from a
    // remembered row must not refuse or lose anything: play applies to the current (paused) row.
    const played = await call(`/v1/cast/pairing/${s.id}/workout/control`, { key: org.key, body: { action: "play" } });
    expect(played.body.data.state).toBe("playing");
    const paused = await fetch(`${second.baseUrl}/v1/cast/pairing/${s.id}/workout/control`, {
      method: "POST",
      headers: { "x-api-key": org.key, "content-type": "application/json" },
      body: JSON.stringify({ action: "pause" }),
    });
    expect(paused.status).toBe(200);

    // Status is the same wherever it is read: the state lives in PostgreSQL.
    const here = await call(`/v1/cast/pairing/${s.id}/workout/status`, { key: org.key });
    const there = await (await fetch(`${second.baseUrl}/v1/cast/pairing/${s.id}/workout/status`, { headers: { "x-api-key": org.key } })).json();
    expect(there.data.version).toBe(here.body.data.version);
    expect(there.data.state).toBe("paused");
  });

  it("a join on one instance disconnects the previous controller connected to the other", async () => {
    const s = await createSession(org.key);
    await joinSession(org.key, s, "phone-a");
    const phoneA = await connect(second.baseUrl, { sessionId: s.id, role: "controller", deviceId: "phone-a" });
    await seenAcrossInstances(s.id, 1);
    await joinSession(org.key, s, "phone-b");
    expect(await phoneA.log.wait("device-disconnected")).toMatchObject({ deviceId: "phone-a", reason: "replaced" });
    expect(await phoneA.disconnected).toBe("io server disconnect");
  });

  it("terminate on one instance: sockets on the other hear session-ended, then are closed", async () => {
    const s = await createSession(org.key);
    const tv = await connect(second.baseUrl, { sessionId: s.id, role: "display" });
    await seenAcrossInstances(s.id, 1);
    expect((await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect(await tv.log.wait("session-ended")).toMatchObject({ sessionId: s.id, reason: "terminated" });
    expect(await tv.disconnected).toBe("io server disconnect");
  });
});
