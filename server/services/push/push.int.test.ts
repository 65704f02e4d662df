import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notificationsOutbox, pushDevices } from "@/db/schema";
import { resetEnvCache } from "@/server/env";
import { issueAccessToken } from "@/server/core/access-tokens";
import { metrics } from "@/server/observability/metrics";
import { claimNotifications, deliverNotification } from "@/server/services/members/deliver-notifications";
import { setNotificationTransport } from "@/server/services/members/notification-transport";
import { vapidKeys } from "@/server/services/push/vapid";
import { WEB_PUSH_TTL_SECONDS } from "@/server/services/push/web-push-sender";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addMembers, outboxRowsFor } from "@/test/support/members";
import { FakeFcm, FakeWebPushService } from "@/test/support/push-fakes";

useTestApp();

let org: TestLibraryOrg;
const webPush = new FakeWebPushService();
const fcm = new FakeFcm();

beforeAll(async () => {
  org = await createLibraryOrg();
  await Promise.all([webPush.start(), fcm.start()]);
  process.env.FCM_SERVICE_ACCOUNT_JSON = fcm.serviceAccountJson();
  process.env.FCM_BASE_URL = fcm.url;
  resetEnvCache();
  webPush.expectedKey = (await vapidKeys(getDb())).publicKey;
});

afterAll(async () => {
  delete process.env.FCM_SERVICE_ACCOUNT_JSON;
  delete process.env.FCM_BASE_URL;
  resetEnvCache();
  await Promise.all([webPush.stop(), fcm.stop()]);
});

// The default transport: email to the log, push to the member's devices.
afterEach(() => setNotificationTransport(null));

const devicesPath = (memberId: string) => `/v1/orgs/${org.organizationId}/endusers/${memberId}/push-devices`;

async function newMember() {
  const [m] = await addMembers(getDb(), org.organizationId, 1);
  return m!;
}

async function registerWeb(memberId: string, sub = webPush.subscribe()) {
  const res = await call(devicesPath(memberId), { key: org.key, body: { platform: "webPush", endpoint: sub.endpoint, keys: sub.keys } });
  expect(res.status, res.text).toBe(201);
  return { sub, device: res.body.data as { id: string } };
}

async function registerFcm(memberId: string, token = `fcm-${Math.random().toString(36).slice(2)}:APA91b${"x".repeat(120)}`) {
  const res = await call(devicesPath(memberId), { key: org.key, body: { platform: "fcm", token } });
  expect(res.status, res.text).toBe(201);
  return { token, device: res.body.data as { id: string } };
}

/** Assigns one workout with push on (email off) and returns the push outbox row's id. */
async function assignWithPush(memberId: string, workoutIndex = 0): Promise<string> {
  const res = await call(`/v1/orgs/${org.organizationId}/endusers/${memberId}/workouts/assign`, {
    key: org.key,
    body: { workoutIds: [org.library.workoutIds[workoutIndex]], sendAssignmentEmail: false, sendAssignmentPush: true },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.notifications).toEqual({ email: false, push: true });
  const rows = (await outboxRowsFor(getDb(), memberId)).filter((r) => r.channel === "push");
  return rows.at(-1)!.id;
}

/** What the delivery job does for one row: claim it (if due), send it through the transport. */
async function deliver(outboxId: string) {
  const db = getDb();
  const claimed = await claimNotifications(db, { ids: [outboxId], limit: 1 });
  expect(claimed).toEqual([outboxId]);
  return deliverNotification(db, outboxId);
}

async function outboxRow(id: string) {
  const [row] = await getDb().select().from(notificationsOutbox).where(eq(notificationsOutbox.id, id));
  return row!;
}

async function counter(channel: string, outcome: string): Promise<number> {
  const { values } = await metrics().pushDeliveries.get();
  return values.find((v) => v.labels.channel === channel && v.labels.outcome === outcome)?.value ?? 0;
}

describe("push devices (/v1 operations)", () => {
  it("registers an FCM token and a Web Push subscription, lists them without their addresses, and unregisters", async () => {
    const m = await newMember();
    const fcmToken = "dGVzdC10b2tlbg:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx";
    const created = await call(devicesPath(m.id), { key: org.key, body: { platform: "fcm", token: fcmToken } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      platform: "fcm",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastDeliveredAt: null,
    });
    // The member may be named by email or external id, like every member route.
    const { device: web } = await registerWeb(m.email!);

    // Registering the same token again keeps the one row.
    const again = await call(devicesPath(m.externalId), { key: org.key, body: { platform: "fcm", token: fcmToken } });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(created.body.data.id);

    const list = await call(devicesPath(m.id), { key: org.key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string; platform: string }) => [d.id, d.platform])).toEqual([
      [created.body.data.id, "fcm"],
      [web.id, "webPush"],
    ]);
    expect(list.text).not.toContain(fcmToken);

    const del = await call(`${devicesPath(m.id)}/${created.body.data.id}`, { key: org.key, method: "DELETE" });
    expect(del.status).toBe(204);
    expectError(await call(`${devicesPath(m.id)}/${created.body.data.id}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expect((await call(devicesPath(m.id), { key: org.key })).body.data.map((d: { id: string }) => d.id)).toEqual([web.id]);
  });

  it("moves an address to the member who registers it last", async () => {
    const [a, b] = [await newMember(), await newMember()];
    const { token, device } = await registerFcm(a.id);
    const moved = await registerFcm(b.id, token);
    expect(moved.device.id).toBe(device.id);
    expect((await call(devicesPath(a.id), { key: org.key })).body.data).toEqual([]);
    expect((await call(devicesPath(b.id), { key: org.key })).body.data.map((d: { id: string }) => d.id)).toEqual([device.id]);
  });

  it("accepts the member's own Bearer token and refuses it for another member (403)", async () => {
    const [a, b] = [await newMember(), await newMember()];
    const token = await issueAccessToken(a.id, org.organizationId);
    const own = await call(devicesPath(a.id), { token, body: { platform: "fcm", token: "own-device-token" } });
    expect(own.status, own.text).toBe(201);
    expect((await call(devicesPath(a.id), { token })).body.data).toHaveLength(1);
    expectError(await call(devicesPath(b.id), { token, body: { platform: "fcm", token: "other-device-token" } }), 403, "Forbidden");
    expectError(await call(devicesPath(b.id), { token }), 403, "Forbidden");
    expectError(await call(`${devicesPath(b.id)}/${own.body.data.id}`, { token, method: "DELETE" }), 403, "Forbidden");
    // Nothing was written for b.
    expect(await getDb().select().from(pushDevices).where(eq(pushDevices.endUserId, b.id))).toEqual([]);
  });

  it("answers 401/403 for bad credentials and other organizations", async () => {
    const m = await newMember();
    await expectAuthMatrix(org, devicesPath(m.id));
    await expectAuthMatrix(org, devicesPath(m.id), { body: { platform: "fcm", token: "t" } });
  });

  it("answers 404 for unknown members and devices", async () => {
    expectError(await call(devicesPath("nobody@example.com"), { key: org.key, body: { platform: "fcm", token: "t" } }), 404, "NotFound");
    expectError(await call(devicesPath("nobody@example.com"), { key: org.key }), 404, "NotFound");
    expectError(await call(devicesPath(org.library.suspendedEndUser.id), { key: org.key, body: { platform: "fcm", token: "t" } }), 404, "NotFound");
    const m = await newMember();
    expectError(await call(`${devicesPath(m.id)}/${"0".repeat(24)}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
  });

  it("refuses malformed bodies and push subscriptions with 400, writing nothing", async () => {
    const m = await newMember();
    const sub = webPush.subscribe();
    const bad = async (body: unknown, code: string) => expectError(await call(devicesPath(m.id), { key: org.key, body }), 400, code);
    await bad({ platform: "apns", token: "x" }, "ValidationError");
    await bad({ platform: "fcm" }, "ValidationError");
    await bad({ platform: "fcm", token: "" }, "ValidationError");
    await bad({ platform: "fcm", token: "has space" }, "ValidationError");
    await bad({ platform: "fcm", token: "t", extra: 1 }, "ValidationError");
    await bad({ platform: "webPush", endpoint: "not a url", keys: sub.keys }, "ValidationError");
    await bad({ platform: "webPush", endpoint: sub.endpoint }, "ValidationError");
    const plainHttp = await bad({ platform: "webPush", endpoint: "http://push.example.com/x", keys: sub.keys }, "ValidationError");
    expect(plainHttp.details).toEqual([expect.objectContaining({ code: "InvalidEndpoint", target: "RegisterPushDeviceBody.endpoint" })]);
    for (const endpoint of [
      "https://10.0.0.5/push/1",
      "https://[fd00::1]/push/1",
      "https://push.internal/x",
      "https://user:pw@push.example.com/x",
      "ftp://push.example.com/x",
    ]) {
      const refused = await bad({ platform: "webPush", endpoint, keys: sub.keys }, "ValidationError");
      expect(refused.details, endpoint).toEqual([expect.objectContaining({ code: "InvalidEndpoint" })]);
    }
    const keys = await bad(
      { platform: "webPush", endpoint: sub.endpoint, keys: { p256dh: Buffer.alloc(33, 2).toString("base64url"), auth: "AAAA" } },
      "ValidationError",
    );
    expect(keys.details!.map((d) => d.target)).toEqual(["RegisterPushDeviceBody.keys.p256dh", "RegisterPushDeviceBody.keys.auth"]);
    expectError(await call(devicesPath(m.id), { key: org.key, rawBody: "{", headers: { "content-type": "application/json" } }), 400, "BadRequest");
    expectError(await call(devicesPath(m.id), { key: org.key, method: "POST" }), 400, "ValidationError");
    expect(await getDb().select().from(pushDevices).where(eq(pushDevices.endUserId, m.id))).toEqual([]);
  });
});

describe("assignment push delivery", () => {
  it("reaches a browser by Web Push (VAPID-signed, encrypted) and an app by FCM, then marks the row sent", async () => {
    const m = await newMember();
    const { sub } = await registerWeb(m.id);
    const { token } = await registerFcm(m.id);
    const before = { web: await counter("webPush", "sent"), fcm: await counter("fcm", "sent") };
    const outboxId = await assignWithPush(m.id, 1);

    expect(await deliver(outboxId)).toBe("sent");

    expect(webPush.refused).toEqual([]);
    const [received] = webPush.for(sub.id);
    expect(received!.vapidKey).toBe(webPush.expectedKey);
    expect(received!.vapid).toMatchObject({ aud: webPush.url, sub: expect.stringMatching(/^mailto:/) });
    expect(received!.headers.ttl).toBe(String(WEB_PUSH_TTL_SECONDS));
    expect(received!.payload).toEqual({
      title: expect.stringMatching(/: 1 new workout in your library$/),
      body: expect.any(String),
      url: expect.stringMatching(new RegExp(`/workouts\\?orgId=${org.organizationId}$`)),
      tag: "library.workouts.assigned",
      data: { notificationId: outboxId, template: "library.workouts.assigned", organizationId: org.organizationId },
    });

    expect(fcm.refused).toEqual([]);
    const sent = fcm.received.filter((r) => r.message.token === token);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.project).toBe(fcm.projectId);
    expect(sent[0]!.message.notification).toEqual({ title: received!.payload.title, body: received!.payload.body });
    expect(sent[0]!.message.data).toMatchObject({ notificationId: outboxId, url: received!.payload.url });

    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: "sent", lastError: null });
    expect(row.deliveredTo).toHaveLength(2);
    expect(await counter("webPush", "sent")).toBe(before.web + 1);
    expect(await counter("fcm", "sent")).toBe(before.fcm + 1);
    const devices = (await call(devicesPath(m.id), { key: org.key })).body.data;
    expect(devices.every((d: { lastDeliveredAt: string | null }) => d.lastDeliveredAt !== null)).toBe(true);
  });

  it("prunes an expired subscription (410) and an unregistered FCM token, and still delivers to the rest", async () => {
    const m = await newMember();
    const gone = await registerWeb(m.id);
    const alive = await registerWeb(m.id);
    const stale = await registerFcm(m.id);
    webPush.answer(gone.sub.id, 410);
    fcm.answer(stale.token, "UNREGISTERED");
    const before = { web: await counter("webPush", "pruned"), fcm: await counter("fcm", "pruned") };

    expect(await deliver(await assignWithPush(m.id))).toBe("sent");

    expect(webPush.for(alive.sub.id)).toHaveLength(1);
    const left = (await call(devicesPath(m.id), { key: org.key })).body.data.map((d: { id: string }) => d.id);
    expect(left).toEqual([alive.device.id]);
    expect(await counter("webPush", "pruned")).toBe(before.web + 1);
    expect(await counter("fcm", "pruned")).toBe(before.fcm + 1);
  });

  it("fails the row for good when every device is gone, and when the member has none", async () => {
    const m = await newMember();
    const only = await registerFcm(m.id);
    fcm.answer(only.token, "UNREGISTERED");
    const first = await assignWithPush(m.id, 0);
    expect(await deliver(first)).toBe("failed");
    expect(await outboxRow(first)).toMatchObject({ status: "failed", lastError: "No push device accepted the notification." });

    const second = await assignWithPush(m.id, 1);
    expect(await deliver(second)).toBe("failed");
    expect(await outboxRow(second)).toMatchObject({ status: "failed", lastError: "The member has no push device registered." });
  });

  it("keeps devices whose service rejects one message (other 4xx) and gives the row up without retrying", async () => {
    const m = await newMember();
    const web = await registerWeb(m.id);
    const app = await registerFcm(m.id);
    webPush.answer(web.sub.id, 413);
    fcm.answer(app.token, "INVALID_ARGUMENT");
    const before = { web: await counter("webPush", "failed"), fcm: await counter("fcm", "failed") };
    const outboxId = await assignWithPush(m.id);
    expect(await deliver(outboxId)).toBe("failed");
    expect(await outboxRow(outboxId)).toMatchObject({ status: "failed", lastError: "No push device accepted the notification.", attempts: 1 });
    expect((await call(devicesPath(m.id), { key: org.key })).body.data.map((d: { id: string }) => d.id).sort()).toEqual([web.device.id, app.device.id].sort());
    expect(await counter("webPush", "failed")).toBe(before.web + 1);
    expect(await counter("fcm", "failed")).toBe(before.fcm + 1);
  });

  it("retries through the outbox when a push service fails, sending only to the devices that missed it", async () => {
    const m = await newMember();
    const web = await registerWeb(m.id);
    const app = await registerFcm(m.id);
    webPush.answer(web.sub.id, 500);
    fcm.answer(app.token, "UNAVAILABLE");
    const outboxId = await assignWithPush(m.id);

    // First attempt: both services fail: the row stays pending with a backoff.
    expect(await deliver(outboxId)).toBe("retry");
    let row = await outboxRow(outboxId);
    expect(row.status).toBe("pending");
    expect(row.lastError).toMatch(/webPush: push service answered 500; fcm: FCM answered 503 UNAVAILABLE/);
    expect(row.availableAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(row.deliveredTo).toEqual([]);

    // Second attempt (when due): the browser accepts, FCM fails again.
    fcm.answer(app.token, "UNAVAILABLE");
    await getDb().update(notificationsOutbox).set({ availableAt: sql`now()` }).where(eq(notificationsOutbox.id, outboxId));
    expect(await deliver(outboxId)).toBe("retry");
    row = await outboxRow(outboxId);
    expect(row.deliveredTo).toEqual([web.device.id]);
    expect(webPush.for(web.sub.id)).toHaveLength(1);

    // Third attempt: only the app is sent to; the browser does not get the notification twice.
    await getDb().update(notificationsOutbox).set({ availableAt: sql`now()` }).where(eq(notificationsOutbox.id, outboxId));
    expect(await deliver(outboxId)).toBe("sent");
    expect(webPush.for(web.sub.id)).toHaveLength(1);
    expect(fcm.received.filter((r) => r.message.token === app.token)).toHaveLength(1);
    row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: "sent", lastError: null });
    expect(row.attempts).toBe(3);
  });

  it("exchanges the service account for an access token once, and again after FCM refuses it", async () => {
    const m = await newMember();
    const app = await registerFcm(m.id);
    expect(await deliver(await assignWithPush(m.id, 0))).toBe("sent");
    const exchanges = fcm.tokenExchanges;
    expect(exchanges).toBeGreaterThan(0);
    expect(await deliver(await assignWithPush(m.id, 1))).toBe("sent");
    expect(fcm.tokenExchanges).toBe(exchanges);

    // An access token FCM no longer accepts: that attempt is retried with a fresh token.
    fcm.expireAccessTokens();
    const outboxId = await assignWithPush(m.id, 2);
    expect(await deliver(outboxId)).toBe("retry");
    await getDb().update(notificationsOutbox).set({ availableAt: sql`now()` }).where(eq(notificationsOutbox.id, outboxId));
    expect(await deliver(outboxId)).toBe("sent");
    expect(fcm.tokenExchanges).toBe(exchanges + 1);
    expect(fcm.received.filter((r) => r.message.token === app.token)).toHaveLength(3);
  });

  it("does not push when sendAssignmentPush is false", async () => {
    const m = await newMember();
    const web = await registerWeb(m.id);
    const res = await call(`/v1/orgs/${org.organizationId}/endusers/${m.id}/plans/assign`, {
      key: org.key,
      body: { planIds: [org.library.planIds[0]], sendAssignmentEmail: false, sendAssignmentPush: false },
    });
    expect(res.body.data.notifications).toEqual({ email: false, push: false });
    expect((await outboxRowsFor(getDb(), m.id)).filter((r) => r.channel === "push")).toEqual([]);
    expect(webPush.for(web.sub.id)).toEqual([]);
  });

  it("announces plans with a link to the hosted plans page", async () => {
    const m = await newMember();
    const web = await registerWeb(m.id);
    const res = await call(`/v1/orgs/${org.organizationId}/endusers/${m.id}/plans/assign`, {
      key: org.key,
      body: { planIds: [org.library.planIds[0]], sendAssignmentEmail: false },
    });
    expect(res.body.data.notifications.push).toBe(true);
    const row = (await outboxRowsFor(getDb(), m.id)).find((r) => r.channel === "push")!;
    expect(await deliver(row.id)).toBe("sent");
    expect(webPush.for(web.sub.id)[0]!.payload).toMatchObject({
      title: expect.stringMatching(/1 new plan in your library$/),
      url: expect.stringMatching(new RegExp(`/plans\\?orgId=${org.organizationId}$`)),
      tag: "library.plans.assigned",
    });
  });
});

describe("the hosted pages' Web Push opt-in (/api/library/{orgId}/member/push)", () => {
  const pushPath = () => `/api/library/${org.organizationId}/member/push`;

  async function signIn(memberId: string): Promise<string> {
    const res = await call("/api/member/session", { body: { token: await issueAccessToken(memberId, org.organizationId), orgId: org.organizationId } });
    expect(res.status, res.text).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("gives the signed-in member the VAPID key, stores the browser's subscription and deletes it by endpoint", async () => {
    const m = await newMember();
    const cookie = await signIn(m.id);
    const key = await call(pushPath(), { headers: { cookie } });
    expect(key.status, key.text).toBe(200);
    expect(key.body).toEqual({ data: { vapidPublicKey: webPush.expectedKey } });
    expect(Buffer.from(key.body.data.vapidPublicKey, "base64url")).toHaveLength(65);

    const sub = webPush.subscribe();
    const stored = await call(pushPath(), { headers: { cookie }, body: { subscription: { endpoint: sub.endpoint, keys: sub.keys } } });
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body.data).toMatchObject({ platform: "webPush", id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    // The subscription receives the member's assignment notifications.
    expect(await deliver(await assignWithPush(m.id))).toBe("sent");
    expect(webPush.for(sub.id)).toHaveLength(1);

    const removed = await call(`${pushPath()}?endpoint=${encodeURIComponent(sub.endpoint)}`, { headers: { cookie }, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { removed: true } });
    expect((await call(`${pushPath()}?endpoint=${encodeURIComponent(sub.endpoint)}`, { headers: { cookie }, method: "DELETE" })).body).toEqual({
      data: { removed: false },
    });
    expect((await call(devicesPath(m.id), { key: org.key })).body.data).toEqual([]);
  });

  it("refuses visitors who are not signed in (401), bad subscriptions (400) and cross-site posts (403)", async () => {
    const sub = webPush.subscribe();
    const body = { subscription: { endpoint: sub.endpoint, keys: sub.keys } };
    expectError(await call(pushPath()), 401, "Unauthorized");
    expectError(await call(pushPath(), { body }), 401, "Unauthorized");
    expectError(await call(`${pushPath()}?endpoint=x`, { method: "DELETE" }), 401, "Unauthorized");
    const m = await newMember();
    const cookie = await signIn(m.id);
    expectError(await call(pushPath(), { headers: { cookie }, body: { subscription: { endpoint: sub.endpoint } } }), 400, "ValidationError");
    expectError(await call(pushPath(), { headers: { cookie }, body: { ...body, platform: "fcm" } }), 400, "ValidationError");
    const badKey = await call(pushPath(), { headers: { cookie }, body: { subscription: { endpoint: sub.endpoint, keys: { ...sub.keys, auth: "AAAA" } } } });
    expect(expectError(badKey, 400, "ValidationError").details).toEqual([expect.objectContaining({ target: "subscription.keys.auth" })]);
    expectError(await call(`${pushPath()}`, { headers: { cookie }, method: "DELETE" }), 400, "ValidationError");
    expectError(await call(pushPath(), { headers: { cookie, origin: "https://evil.example" }, body }), 403, "Forbidden");
    expect(await getDb().select().from(pushDevices).where(eq(pushDevices.endUserId, m.id))).toEqual([]);
  });
});
