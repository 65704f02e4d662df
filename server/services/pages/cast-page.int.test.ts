import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { PAGE_LIMITS } from "@/server/http/page-limits";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, expectError, useTestApp } from "@/test/harness";
import { type CastClient, connectCast, refusal } from "@/test/support/cast";

/**
 * The cast pages' internal routes (/api/cast/...) and their socket token over real HTTP and
 * Socket.IO: the display opens a session without a key, the phone joins from the QR, drives it
 * with its token, and each token reaches its own session and role only.
 */
useTestApp({ realtime: true });

let org: TestLibraryOrg;
let other: TestLibraryOrg;
let workoutId: string;
let privateWorkoutId: string;

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  workoutId = org.library.workoutIdByKey.get("full-body-foundations")!;
  privateWorkoutId = org.library.privateWorkoutIds[0]!;
});

async function openDisplay(o = org) {
  const res = await call("/api/cast/display", { body: { orgId: o.organizationId } });
  expect(res.status, res.text).toBe(201);
  return res.body as { session: { id: string; code: string; qr: { payload: string; svg: string }; status: { state: string } }; token: string };
}

async function joinPhone(d: { session: { id: string; code: string } }, deviceId = "phone-a", cookie?: string) {
  const res = await call("/api/cast/join", { body: { sessionId: d.session.id, code: d.session.code, deviceId }, headers: cookie ? { cookie } : {} });
  expect(res.status, res.text).toBe(200);
  return res.body as { token: string; pairing: { organizationId: string }; member: { name: string | null } | null };
}

const post = (path: string, token: string | null, body: unknown = {}) => call(path, { body, headers: token ? { "x-cast-token": token } : {} });

describe("the cast display and controller routes", () => {
  it("opens a session with a code and the QR of the controller page, then follows a phone's commands on the socket", async () => {
    const d = await openDisplay();
    expect(d.session.code).toMatch(/^\d{6}$/);
    expect(d.session.qr.payload).toBe(`${new URL(d.session.qr.payload).origin}/cast?sessionId=${d.session.id}&code=${d.session.code}`);
    expect(d.session.qr.svg).toContain("<svg");
    const tv: CastClient = await connectCast(app.baseUrl, { castToken: d.token });
    try {
      const phone = await joinPhone(d);
      expect(phone.pairing.organizationId).toBe(org.organizationId);
      expect((await tv.log.wait("device-paired")).device.deviceId).toBe("phone-a");

      const loaded = await post(`/api/cast/${d.session.id}/workout`, phone.token, { workoutId });
      expect(loaded.status, loaded.text).toBe(200);
      expect(loaded.body).toMatchObject({ state: "loaded", workout: { id: workoutId } });
      expect((await tv.log.wait("workout-cast")).workout.id).toBe(workoutId);

      // The display reads what it plays through its own token: detail, playlist and music of the loaded workout.
      const player = await call(`/api/cast/${d.session.id}/player`, { headers: { "x-cast-token": d.token } });
      expect(player.status, player.text).toBe(200);
      expect(player.body.workout.id).toBe(workoutId);
      expect(player.body.playlist.data.length).toBeGreaterThan(0);

      const started = await post(`/api/cast/${d.session.id}/start`, phone.token, {});
      expect(started.status, started.text).toBe(201);
      expect(started.body.status.state).toBe("playing");
      expect(started.body.workoutSession.traineeId).toBeNull(); // anonymous: no member signed in
      await tv.log.wait("workout-session-started");

      const paused = await post(`/api/cast/${d.session.id}/control`, phone.token, { action: "pause" });
      expect(paused.body.state).toBe("paused");
      expect((await tv.log.wait("workout-state-changed", (p) => p.action === "pause")).status.state).toBe("paused");
      const status = await call(`/api/cast/${d.session.id}/status`, { headers: { "x-cast-token": d.token } });
      expect(status.body).toMatchObject({ state: "paused", workout: { id: workoutId } });

      // Unpaired: playback state stays, the display hears it.
      expect((await post(`/api/cast/${d.session.id}/disconnect`, phone.token)).status).toBe(200);
      await tv.log.wait("device-disconnected");
      expect((await call(`/api/cast/${d.session.id}/status`, { headers: { "x-cast-token": d.token } })).body.state).toBe("paused");
    } finally {
      tv.close();
    }
  });

  it("starts as the member signed in on the hosted pages when asked, and refuses asMember without one", async () => {
    const signIn = await call("/api/member/session", { body: { token: org.accessToken, orgId: org.organizationId } });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const d = await openDisplay();
    const anonymous = await joinPhone(d, "phone-b");
    await post(`/api/cast/${d.session.id}/workout`, anonymous.token, { workoutId });
    expectError(await post(`/api/cast/${d.session.id}/start`, anonymous.token, { asMember: true }), 401, "Unauthorized");

    const phone = await joinPhone(d, "phone-b", cookie);
    expect(phone.member).not.toBeNull();
    // A private workout assigned to the member is castable from their phone (not from an anonymous one), and the TV plays it.
    const privateId = org.library.privateWorkoutIds[1] ?? privateWorkoutId;
    const member = org.library.endUsers[0]!.id;
    const load = () => call(`/api/cast/${d.session.id}/workout`, { body: { workoutId: privateId }, headers: { "x-cast-token": phone.token, cookie } });
    expectError(await load(), 404, "NotFound");
    const assigned = await call(`/v1/orgs/${org.organizationId}/endusers/${member}/workouts/assign`, { key: org.key, body: { workoutIds: [privateId] } });
    expect(assigned.status, assigned.text).toBe(200);
    expect((await load()).status).toBe(200);
    expect((await call(`/api/cast/${d.session.id}/player`, { headers: { "x-cast-token": d.token } })).body.workout.id).toBe(privateId);
    expectError(await post(`/api/cast/${d.session.id}/workout`, anonymous.token, { workoutId: privateId }), 404, "NotFound");
    const started = await call(`/api/cast/${d.session.id}/start`, { body: { asMember: true }, headers: { "x-cast-token": phone.token, cookie } });
    expect(started.status, started.text).toBe(201);
    expect(started.body.workoutSession.traineeId).toBe(org.library.endUsers[0]!.id);
  });

  it("limits displays opened without a key per address and organization (429 with Retry-After)", async () => {
    const o = await createLibraryOrg({ name: "Busy venue" });
    for (let i = 0; i < PAGE_LIMITS.castDisplay.points; i++) await openDisplay(o);
    const res = await call("/api/cast/display", { body: { orgId: o.organizationId } });
    expect(expectError(res, 429, "TooManyRequests").message).toContain("Too many cast displays");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another organization from the same address is counted on its own.
    await openDisplay(other);
  });

  it("answers errors in the envelope: bad ids, wrong code, tokens of another session or role, private workouts, cross-site writes", async () => {
    expectError(await call("/api/cast/display", { body: { orgId: "nothex" } }), 400, "BadRequest");
    expectError(await call("/api/cast/display", { body: { orgId: "0123456789abcdef01234567" } }), 404, "NotFound");
    expectError(await call("/api/cast/display", { body: { orgId: org.organizationId, extra: 1 } }), 400, "ValidationError");
    const d = await openDisplay();
    const d2 = await openDisplay(other);
    // A wrong code answers exactly what the REST join answers: 404, like an unknown session.
    const wrong = d.session.code === "000000" ? "000001" : "000000";
    expectError(await call("/api/cast/join", { body: { sessionId: d.session.id, code: wrong, deviceId: "x" } }), 404, "NotFound");
    expectError(await call("/api/cast/join", { body: { sessionId: "0123456789abcdef01234567", code: "123456", deviceId: "x" } }), 404, "NotFound");
    expectError(await call("/api/cast/join", { body: { sessionId: d.session.id, code: "12", deviceId: "x" } }), 400, "ValidationError");

    const phone = await joinPhone(d, "phone-c");
    expectError(await call(`/api/cast/${d.session.id}/status`), 401, "Unauthorized");
    expectError(await call(`/api/cast/${d.session.id}/status`, { headers: { "x-cast-token": "forged.token.value" } }), 401, "Unauthorized");
    expectError(await call(`/api/cast/${d2.session.id}/status`, { headers: { "x-cast-token": phone.token } }), 403, "Forbidden");
    // The display's token may read, not command.
    expectError(await post(`/api/cast/${d.session.id}/control`, d.token, { action: "play" }), 403, "Forbidden");
    expectError(await post(`/api/cast/${d.session.id}/control`, phone.token, { action: "explode" }), 400, "ValidationError");
    // Nothing loaded yet: the state machine refuses play (409).
    expectError(await post(`/api/cast/${d.session.id}/control`, phone.token, { action: "play" }), 409, "Conflict");
    // Another organization's workout, and a private one for an anonymous phone: 404.
    expectError(await post(`/api/cast/${d.session.id}/workout`, phone.token, { workoutId: other.library.workoutIdByKey.get("full-body-foundations")! }), 404, "NotFound");
    expectError(await post(`/api/cast/${d.session.id}/workout`, phone.token, { workoutId: privateWorkoutId }), 404, "NotFound");
    expectError(await call(`/api/cast/${d.session.id}/player`, { headers: { "x-cast-token": d.token } }), 404, "NotFound");
    // Writes from another site are refused.
    expectError(
      await call(`/api/cast/${d.session.id}/control`, { body: { action: "pause" }, headers: { "x-cast-token": phone.token, origin: "https://evil.example" } }),
      403,
      "Forbidden",
    );
  });

  it("admits a socket with its page token only for its own session, role and device", async () => {
    const d = await openDisplay();
    const d2 = await openDisplay();
    const phone = await joinPhone(d, "phone-d");
    const c = await connectCast(app.baseUrl, { castToken: phone.token });
    expect((await c.log.wait("pairing-success")).sessionId).toBe(d.session.id);
    c.close();
    for (const auth of [
      { castToken: "forged" },
      { castToken: d.token, sessionId: d2.session.id },
      { castToken: d.token, role: "controller" as const, deviceId: "phone-d" },
      { castToken: phone.token, deviceId: "someone-else" },
    ]) {
      const err = await refusal(app.baseUrl, auth);
      expect(["Unauthorized", "Forbidden"], JSON.stringify(auth)).toContain(err.data.code);
    }
    // Another phone takes over: the first phone's token no longer opens a controller socket.
    await joinPhone(d, "phone-e");
    expect((await refusal(app.baseUrl, { castToken: phone.token })).data.code).toBe("Forbidden");
  });
});

describe("the cast display reached under another name than PUBLIC_BASE_URL", () => {
  /** POST /api/cast/display as a browser at `host` would send it (node:http: fetch may not set Host). */
  function openAt(host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const { port } = new URL(app.baseUrl);
    const payload = JSON.stringify({ orgId: org.organizationId });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/api/cast/display", method: "POST", headers: { host, origin: `http://${host}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers } },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  it("is served from the address the TV opened (a LAN address, 127.0.0.1 for localhost), and its QR points there when PUBLIC_BASE_URL is not set", async () => {
    const saved = process.env.PUBLIC_BASE_URL;
    try {
      // PUBLIC_BASE_URL set: the display is served from any address, and its links keep the configured base.
      const lan = await openAt("192.168.1.20:3000");
      expect(lan.status, JSON.stringify(lan.body)).toBe(201);
      expect(lan.body.session.qr.payload.startsWith(`${saved}/cast?sessionId=`)).toBe(true);
      // Not set: the links use the address the display was opened at.
      delete process.env.PUBLIC_BASE_URL;
      resetEnvCache();
      const local = await openAt("192.168.1.20:3000");
      expect(local.status, JSON.stringify(local.body)).toBe(201);
      expect(local.body.session.qr.payload).toBe(`http://192.168.1.20:3000/cast?sessionId=${local.body.session.id}&code=${local.body.session.code}`);
      expect(local.body.session.socketIO.url).toBe("http://192.168.1.20:3000");
    } finally {
      process.env.PUBLIC_BASE_URL = saved;
      resetEnvCache();
    }
  });

  it("still refuses another site, and believes X-Forwarded-Host only behind a trusted proxy", async () => {
    const crossSite = await openAt("192.168.1.20:3000", { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe("Forbidden");
    // A forwarded host naming the attacker's origin is ignored without TRUST_PROXY.
    const spoofed = await openAt("192.168.1.20:3000", { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(spoofed.status).toBe(403);
    process.env.TRUST_PROXY = "1";
    resetEnvCache();
    try {
      const proxied = await openAt("10.0.0.5:3000", { origin: "https://forma.example", "x-forwarded-host": "forma.example", "x-forwarded-proto": "https" });
      expect(proxied.status, JSON.stringify(proxied.body)).toBe(201);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });
});
