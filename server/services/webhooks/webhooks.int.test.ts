import { inngestFunction } from "@/server/jobs/inngest-functions";
import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { trainers, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { resetEnvCache } from "@/server/env";
import { startJobWorker, stopJobWorker } from "@/server/jobs/worker";
import { MemoryTransport, setNotificationTransport } from "@/server/services/members/notification-transport";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { WebhookReceiver, deliverDue, makeRetriesDue } from "@/test/support/webhook-receiver";
import { announceDisabledEndpoints } from "./announce-disabled-endpoints";
import { DELIVERY_TIMEOUT_MS, claimDeliveries, deliverWebhook, retryDelaySeconds } from "./deliver-webhooks";
import { SUBSCRIBABLE_EVENT_TYPES } from "./event-types";

const deliverWebhooks = inngestFunction("deliver-webhooks");

useTestApp();

const db = () => getDb();
let org: TestLibraryOrg;
let receiver: WebhookReceiver;

beforeAll(async () => {
  org = await createLibraryOrg();
});
afterEach(async () => {
  await receiver?.stop();
  setNotificationTransport(null);
});

const base = (o: { organizationId: string } = org) => `/v1/orgs/${o.organizationId}/webhooks`;

async function newReceiver(): Promise<WebhookReceiver> {
  receiver = await new WebhookReceiver().start();
  return receiver;
}

/** A fresh organization (deliveries stay apart from other tests') with an endpoint on a fresh receiver. */
async function endpointFor(eventTypes: string[], o?: { organizationId: string; key: string }) {
  const r = await newReceiver();
  const owner = o ?? (await createTestOrg());
  const res = await call(base(owner), { key: owner.key, body: { url: r.url, eventTypes, description: "test receiver" } });
  expect(res.status, res.text).toBe(201);
  r.secrets = [res.body.data.secret];
  return { org: owner, receiver: r, endpoint: res.body.data as { id: string; secret: string } };
}

async function completeSession(o: TestLibraryOrg, mode: "complete" | "end" = "complete") {
  const workoutId = o.library.workoutIds[0]!;
  const start = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: o.key, body: { endUserId: o.library.endUsers[0]!.id } });
  expect(start.status, start.text).toBe(201);
  const done = await call(`/v1/workouts/${workoutId}/sessions/${mode}`, {
    key: o.key,
    body: { sessionId: start.body.data.id, endUserId: o.library.endUsers[0]!.id },
  });
  expect(done.status, done.text).toBe(200);
  return done.body.data as { id: string };
}

const deliveriesOf = (o: { organizationId: string; key: string }, id: string) => call(`${base(o)}/${id}/deliveries`, { key: o.key });

describe("webhook endpoints", () => {
  it("creates with a one-time secret, lists, gets, updates and deletes", async () => {
    const o = await createTestOrg();
    const created = await call(base(o), {
      key: o.key,
      body: { url: "https://partner.example.com/hooks", eventTypes: ["workout.session.completed", "enduser.plan.started", "workout.session.completed"] },
    });
    expect(created.status, created.text).toBe(201);
    const ep = created.body.data;
    expect(ep).toMatchObject({
      organizationId: o.organizationId,
      url: "https://partner.example.com/hooks",
      description: "",
      eventTypes: ["workout.session.completed", "enduser.plan.started"],
      status: "enabled",
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
    });
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is stored sealed, never in clear.
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(row!.secret).not.toContain(ep.secret.slice(6));

    const list = await call(base(o), { key: o.key });
    expect(list.body).toMatchObject({ data: [{ id: ep.id }], links: { total: 1 } });
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const one = await call(`${base(o)}/${ep.id}`, { key: o.key });
    expect(one.body.data).toEqual(list.body.data[0]);

    const patched = await call(`${base(o)}/${ep.id}`, {
      key: o.key,
      method: "PATCH",
      body: { description: "CRM sync", eventTypes: ["drop.ready"], enabled: false },
    });
    expect(patched.body.data).toMatchObject({ description: "CRM sync", eventTypes: ["drop.ready"], status: "disabled", disabledReason: "manual" });
    const enabled = await call(`${base(o)}/${ep.id}`, { key: o.key, method: "PATCH", body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ status: "enabled", disabledReason: null, disabledAt: null });

    expect((await call(`${base(o)}/${ep.id}`, { key: o.key, method: "DELETE" })).status).toBe(204);
    expectError(await call(`${base(o)}/${ep.id}`, { key: o.key }), 404, "NotFound");
    expectError(await call(`${base(o)}/${ep.id}`, { key: o.key, method: "DELETE" }), 404, "NotFound");
  });

  it("validates URLs and event types, keeps endpoints per workspace and caps them at 20", async () => {
    const o = await createTestOrg();
    const bad = (body: unknown) => call(base(o), { key: o.key, body });
    expectError(await bad({ url: "https://x.example.com", eventTypes: ["workout.deleted"] }), 400, "ValidationError");
    expectError(await bad({ url: "https://x.example.com", eventTypes: [] }), 400, "ValidationError");
    expectError(await bad({ url: "https://x.example.com", eventTypes: ["webhook.test"] }), 400, "ValidationError");
    expectError(await bad({ url: "https://x.example.com", eventTypes: ["drop.ready"], secret: "mine" }), 400, "ValidationError");
    expect(expectError(await bad({ url: "ftp://x.example.com", eventTypes: ["drop.ready"] }), 400, "BadRequest").target).toBe("CreateWebhookBody.url");
    expectError(await bad({ url: "not a url", eventTypes: ["drop.ready"] }), 400, "BadRequest");
    expectError(await bad({ url: "https://user:pw@x.example.com", eventTypes: ["drop.ready"] }), 400, "BadRequest");

    const other = await createTestOrg();
    const theirs = await call(base(other), { key: other.key, body: { url: "https://x.example.com", eventTypes: ["drop.ready"] } });
    expectError(await call(`${base(o)}/${theirs.body.data.id}`, { key: o.key }), 404, "NotFound");
    expectError(await call(`${base(other)}/${theirs.body.data.id}`, { key: o.key }), 403, "Forbidden");

    for (let i = 0; i < 20; i++) expect((await bad({ url: `https://x${i}.example.com`, eventTypes: ["drop.ready"] })).status).toBe(201);
    expectError(await bad({ url: "https://x21.example.com", eventTypes: ["drop.ready"] }), 409, "Conflict");
    expect((await call(`${base(o)}?limit=5`, { key: o.key })).body.links).toMatchObject({ total: 20, next: expect.stringContaining("offset=5") });
  });

  it("passes the shared security cases", async () => {
    const o = await createTestOrg();
    await expectAuthMatrix(o, base(o));
    await expectAuthMatrix(o, base(o), { body: { url: "https://x.example.com", eventTypes: ["drop.ready"] } });
    await expectAuthMatrix(o, `/v1/orgs/${o.organizationId}/usage`);
    expectError(await call("/v1/webhooks/event-types"), 401, "Unauthorized");
  });

  it("lists the subscribable event types with examples", async () => {
    const res = await call("/v1/webhooks/event-types", { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { type: string }) => t.type)).toEqual(SUBSCRIBABLE_EVENT_TYPES);
    expect(res.body.data.map((t: { type: string }) => t.type)).toEqual(
      expect.arrayContaining([
        "workout.published",
        "workout.export.ready",
        "workout.session.completed",
        "enduser.plan.started",
        "enduser.plan.ended",
        "autopilot.run.succeeded",
        "autopilot.run.failed",
        "drop.ready",
        "drop.failed",
        "social.post.published",
        "social.post.failed",
      ]),
    );
  });
});

describe("webhook deliveries", () => {
  it("delivers a session completion signed per Standard Webhooks, and logs the attempt", async () => {
    const o = await createLibraryOrg();
    const { receiver: r, endpoint } = await endpointFor(["workout.session.completed"], o);
    const unsubscribed = await call(base(o), { key: o.key, body: { url: `${r.url}/other`, eventTypes: ["drop.ready"] } });
    const disabled = await call(base(o), { key: o.key, body: { url: `${r.url}/off`, eventTypes: ["workout.session.completed"], enabled: false } });
    expect(disabled.body.data.status).toBe("disabled");

    const session = await completeSession(o);
    expect(await deliverDue(o.organizationId)).toEqual({ succeeded: 1, retry: 0, failed: 0, skipped: 0 });
    const [got] = await r.waitFor(1);
    expect(r.received).toHaveLength(1);
    expect(got!.path).toBe("/hooks");
    expect(got!.verifiedWith).toEqual([endpoint.secret]);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(got!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(got!.payload).toMatchObject({
      type: "workout.session.completed",
      organizationId: o.organizationId,
      data: {
        mode: "complete",
        session: { id: session.id, status: "completed", progress: 1, traineeId: o.library.endUsers[0]!.id },
        endUser: { id: o.library.endUsers[0]!.id, externalId: o.library.endUsers[0]!.externalId },
      },
    });
    expect(got!.payload).not.toHaveProperty("test");
    const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.organizationId, o.organizationId));
    expect(got!.headers["webhook-id"]).toBe(event!.id);

    const log = await deliveriesOf(o, endpoint.id);
    expect(log.status).toBe(200);
    expect(log.body.links.total).toBe(1);
    const d = log.body.data[0];
    expect(d).toMatchObject({
      eventId: event!.id,
      eventType: "workout.session.completed",
      status: "succeeded",
      attemptCount: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
      test: false,
    });
    expect(d.payload).toEqual(got!.payload);
    expect(d.attempts).toEqual([
      { attempt: 1, startedAt: expect.any(String), statusCode: 200, latencyMs: expect.any(Number), responseExcerpt: "ok", error: null },
    ]);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries/${d.id}`, { key: o.key })).body.data).toEqual(d);
    expect((await deliveriesOf(o, unsubscribed.body.data.id)).body.links.total).toBe(0);
    expect((await deliveriesOf(o, disabled.body.data.id)).body.links.total).toBe(0);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries?status=failed`, { key: o.key })).body.links.total).toBe(0);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries?eventType=workout.session.completed`, { key: o.key })).body.links.total).toBe(1);
    expectError(await call(`${base(o)}/${endpoint.id}/deliveries?since=yesterday`, { key: o.key }), 400, "ValidationError");
  });

  it("stores nothing when no endpoint subscribes (the change itself is unaffected)", async () => {
    const o = await createLibraryOrg();
    await completeSession(o, "end");
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.organizationId, o.organizationId))).toEqual([]);
  });

  it("retries after 500s with exponential backoff until the receiver answers 2xx", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["webhook.endpoint.disabled", "drop.ready"]);
    r.script = [{ status: 500, body: "boom" }, { status: 503, body: "x".repeat(3000) }, { status: 204 }];
    expect((await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} })).status).toBe(202);

    expect(await deliverDue(o.organizationId)).toMatchObject({ retry: 1 });
    let d = (await deliveriesOf(o, endpoint.id)).body.data[0];
    expect(d).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: 500, lastError: "The receiver answered 500." });
    const wait = Date.parse(d.nextAttemptAt) - Date.parse(d.lastAttemptAt);
    expect(wait).toBeGreaterThanOrEqual(8_900);
    expect(wait).toBeLessThanOrEqual(11_100);
    expect((await call(`${base(o)}/${endpoint.id}`, { key: o.key })).body.data.failingSince).not.toBeNull();
    // Not due yet: nothing is sent.
    expect(await deliverDue(o.organizationId)).toMatchObject({ succeeded: 0, retry: 0 });

    await makeRetriesDue(o.organizationId);
    expect(await deliverDue(o.organizationId)).toMatchObject({ retry: 1 });
    await makeRetriesDue(o.organizationId);
    expect(await deliverDue(o.organizationId)).toMatchObject({ succeeded: 1 });
    d = (await deliveriesOf(o, endpoint.id)).body.data[0];
    expect(d).toMatchObject({ status: "succeeded", attemptCount: 3, lastStatusCode: 204, lastError: null });
    expect(d.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 204]);
    expect(d.attempts[1].responseExcerpt).toHaveLength(1024);
    expect(r.received.map((x) => x.headers["webhook-id"])).toEqual(Array(3).fill(d.eventId));
    expect(r.received.every((x) => x.verifiedWith.length === 1)).toBe(true);
    expect((await call(`${base(o)}/${endpoint.id}`, { key: o.key })).body.data.failingSince).toBeNull();
  });

  it("backs off 10 s, 40 s, 160 s... up to 6 hours between attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => retryDelaySeconds(n, 0.5))).toEqual([10, 40, 160, 640, 2560, 10240, 21600, 21600]);
    expect(retryDelaySeconds(1, 0)).toBe(9);
    expect(retryDelaySeconds(1, 1)).toBe(11);
  });

  it("gives up after the 24-hour retry window", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    r.script = [{ status: 500 }];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: { eventType: "drop.ready" } });
    await db()
      .update(webhookDeliveries)
      .set({ retryUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await deliverDue(o.organizationId)).toMatchObject({ failed: 1 });
    const d = (await deliveriesOf(o, endpoint.id)).body.data[0];
    expect(d).toMatchObject({ status: "failed", attemptCount: 1, nextAttemptAt: null, test: true });
    expect(r.received[0]!.payload).toMatchObject({ type: "drop.ready", test: true, data: { channelPreset: "ig_reels" } });
  });

  it("times out a receiver that hangs after 10 seconds and retries later", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    r.script = ["hang"];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    const started = Date.now();
    expect(await deliverDue(o.organizationId)).toMatchObject({ retry: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS - 100);
    expect(Date.now() - started).toBeLessThan(DELIVERY_TIMEOUT_MS + 5000);
    const [attempt] = (await deliveriesOf(o, endpoint.id)).body.data[0].attempts;
    expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/timeout/), responseExcerpt: null });
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS - 100);
    expect(r.received).toHaveLength(1);
  }, 40_000);

  it("never follows redirects", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    r.script = [{ status: 302, headers: { location: `${r.url}/elsewhere` } }];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    expect(await deliverDue(o.organizationId)).toMatchObject({ retry: 1 });
    expect(r.received.map((x) => x.path)).toEqual(["/hooks"]);
    expect((await deliveriesOf(o, endpoint.id)).body.data[0]).toMatchObject({ lastStatusCode: 302, lastError: "The receiver answered 302." });
  });

  it("replays one delivery with the same event id, and every failed delivery since a time", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    const test = await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    expect(test.body.data).toMatchObject({ status: "pending", eventType: "webhook.test", test: true, attemptCount: 0, attempts: [] });
    const id = test.body.data.id;
    const path = `${base(o)}/${endpoint.id}/deliveries/${id}/replay`;
    expectError(await call(path, { key: o.key, method: "POST" }), 409, "Conflict"); // still pending
    await deliverDue(o.organizationId);

    const replayed = await call(path, { key: o.key, method: "POST" });
    expect(replayed.status).toBe(202);
    expect(replayed.body.data).toMatchObject({ id, status: "pending", attemptCount: 1 });
    expect(Date.parse(replayed.body.data.retryUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await deliverDue(o.organizationId);
    await r.waitFor(2);
    expect(r.received[1]!.headers["webhook-id"]).toBe(r.received[0]!.headers["webhook-id"]);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries/${id}`, { key: o.key })).body.data).toMatchObject({ status: "succeeded", attemptCount: 2 });
    expectError(await call(`${base(o)}/${endpoint.id}/deliveries/${"0".repeat(24)}/replay`, { key: o.key, method: "POST" }), 404, "NotFound");

    // Three deliveries fail for good; the bulk replay sends them again.
    r.script = [{ status: 200 }, { status: 200 }, { status: 500 }];
    const since = new Date().toISOString();
    for (let i = 0; i < 3; i++) await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await db()
      .update(webhookDeliveries)
      .set({ retryUntil: new Date(Date.now() - 1000) })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    await deliverDue(o.organizationId);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries?status=failed`, { key: o.key })).body.links.total).toBe(3);
    r.script = [{ status: 200 }];
    const bulk = await call(`${base(o)}/${endpoint.id}/deliveries/replay`, { key: o.key, body: { since } });
    expect(bulk.status, bulk.text).toBe(202);
    expect(bulk.body.data.replayed).toBe(3);
    expect(await deliverDue(o.organizationId)).toMatchObject({ succeeded: 3 });
    expect((await call(`${base(o)}/${endpoint.id}/deliveries?status=failed`, { key: o.key })).body.links.total).toBe(0);
    expect((await call(`${base(o)}/${endpoint.id}/deliveries/replay`, { key: o.key, body: { since } })).body.data.replayed).toBe(0);
    expectError(await call(`${base(o)}/${endpoint.id}/deliveries/replay`, { key: o.key, body: { since: "2020-01-01T00:00:00Z" } }), 400, "BadRequest");
  });

  it("signs with both secrets during a rotation's overlap, then with the new one only", async () => {
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    const old = endpoint.secret;
    const rotated = await call(`${base(o)}/${endpoint.id}/rotate-secret`, { key: o.key, body: {} });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.data.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    r.secrets = [old, fresh];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await deliverDue(o.organizationId);
    const [during] = await r.waitFor(1);
    expect(during!.headers["webhook-signature"]!.toString().split(" ")).toHaveLength(2);
    expect(during!.verifiedWith).toEqual([old, fresh]);

    // The overlap ends: only the new secret signs.
    await db()
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect((await call(`${base(o)}/${endpoint.id}`, { key: o.key })).body.data.previousSecretExpiresAt).toBeNull();
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await deliverDue(o.organizationId);
    const [, after] = await r.waitFor(2);
    expect(after!.verifiedWith).toEqual([fresh]);

    // overlapSeconds 0 retires the current secret at once.
    const immediate = await call(`${base(o)}/${endpoint.id}/rotate-secret`, { key: o.key, body: { overlapSeconds: 0 } });
    expect(immediate.body.data.previousSecretExpiresAt).toBeNull();
    r.secrets = [fresh, immediate.body.data.secret];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await deliverDue(o.organizationId);
    const [, , last] = await r.waitFor(3);
    expect(last!.verifiedWith).toEqual([immediate.body.data.secret]);
    expectError(await call(`${base(o)}/${endpoint.id}/rotate-secret`, { key: o.key, body: { overlapSeconds: -1 } }), 400, "ValidationError");
  });

  it("disables an endpoint that failed for 24 hours, tells the other endpoints and the team, and resumes after re-enabling", async () => {
    const transport = new MemoryTransport();
    setNotificationTransport(transport);
    const { org: o, receiver: r, endpoint } = await endpointFor(["drop.ready"]);
    await db().insert(trainers).values({ organizationId: o.organizationId, name: "Owner", email: "owner@studio.example.com" });
    const watcher = await call(base(o), { key: o.key, body: { url: `${r.url}/watch`, eventTypes: ["webhook.endpoint.disabled"] } });
    r.script = [{ status: 500 }];
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} });
    await deliverDue(o.organizationId);
    // A day of failures later (time travel), the next failed attempt disables the endpoint.
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 24 * 3600_000 - 60_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const pendingId = (await deliveriesOf(o, endpoint.id)).body.data[1].id;
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, (await deliveriesOf(o, endpoint.id)).body.data[0].id));
    r.script = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 200 }];
    await deliverDue(o.organizationId);

    const ep = (await call(`${base(o)}/${endpoint.id}`, { key: o.key })).body.data;
    expect(ep).toMatchObject({ status: "disabled", disabledReason: "failing" });
    expect((await call(`${base(o)}/${endpoint.id}/deliveries/${pendingId}`, { key: o.key })).body.data).toMatchObject({
      status: "failed",
      lastError: "The endpoint was disabled after failing for 24 hours.",
    });
    // The watcher heard about it.
    await deliverDue(o.organizationId);
    const heard = r.received.find((x) => x.path === "/hooks/watch");
    expect(heard?.payload).toMatchObject({ type: "webhook.endpoint.disabled", data: { endpointId: endpoint.id, url: r.url } });
    expect((await deliveriesOf(o, watcher.body.data.id)).body.data[0].status).toBe("succeeded");
    // The team is told once, by email, through the notification transport (the sweep's step).
    expect(await announceDisabledEndpoints(db())).toBeGreaterThanOrEqual(1);
    expect(await announceDisabledEndpoints(db())).toBe(0);
    const notice = transport.sent.find((n) => n.data.endpointId === endpoint.id);
    expect(notice).toMatchObject({ channel: "email", template: "webhooks.endpoint.disabled", to: { email: "owner@studio.example.com", endUserId: null } });
    expect(notice!.text).toContain(r.url);

    // Nothing is sent while disabled; tests and replays are refused.
    expectError(await call(`${base(o)}/${endpoint.id}/test`, { key: o.key, body: {} }), 409, "Conflict");
    expectError(
      await call(`${base(o)}/${endpoint.id}/deliveries/replay`, { key: o.key, body: { since: new Date(Date.now() - 3600_000).toISOString() } }),
      409,
      "Conflict",
    );
    // Re-enabled: the failure streak starts over and the missed deliveries can be replayed.
    const back = await call(`${base(o)}/${endpoint.id}`, { key: o.key, method: "PATCH", body: { enabled: true } });
    expect(back.body.data).toMatchObject({ status: "enabled", failingSince: null, disabledReason: null });
    r.script = [{ status: 200 }];
    const bulk = await call(`${base(o)}/${endpoint.id}/deliveries/replay`, { key: o.key, body: { since: new Date(Date.now() - 3600_000).toISOString() } });
    expect(bulk.body.data.replayed).toBe(2);
    expect(await deliverDue(o.organizationId)).toMatchObject({ succeeded: 2 });
  });

  it("announces plan starts and ends with their reasons", async () => {
    const o = await createLibraryOrg();
    const { receiver: r, endpoint } = await endpointFor(["enduser.plan.started", "enduser.plan.ended"], o);
    const member = o.library.endUsers[1]!;
    const plans = `/v1/orgs/${o.organizationId}/endusers/${member.id}/plans`;
    const [a, b] = o.library.planIds;
    const first = await call(`${plans}/start`, { key: o.key, body: { planId: a } });
    expect(first.status, first.text).toBe(201);
    const second = await call(`${plans}/start`, { key: o.key, body: { planId: b } });
    expect((await call(`${plans}/${b}/end`, { key: o.key, method: "POST" })).status).toBe(200);
    await call(`${plans}/start`, { key: o.key, body: { planId: a } });
    expect((await call(`${plans}/unassign`, { key: o.key, body: { planIds: [a] } })).body.data.activePlanEnded).toBe(true);
    await deliverDue(o.organizationId);
    await r.waitFor(6);
    expect(r.received.every((x) => x.verifiedWith.length === 1)).toBe(true);
    const seen = r.received.map((x) => x.payload);
    expect(seen.map((p) => `${p.type} ${p.data.enrollment.planId} ${p.data.reason ?? "-"}`).sort()).toEqual(
      [
        `enduser.plan.started ${a} -`,
        `enduser.plan.started ${b} -`,
        `enduser.plan.ended ${a} replaced`,
        `enduser.plan.ended ${b} ended`,
        `enduser.plan.started ${a} -`,
        `enduser.plan.ended ${a} unassigned`,
      ].sort(),
    );
    const startedB = seen.find((p) => p.type === "enduser.plan.started" && p.data.enrollment.planId === b)!;
    expect(startedB.data).toMatchObject({
      enrollment: { id: second.body.data.id, isActive: true, endedAt: null },
      endUser: { id: member.id, externalId: member.externalId },
      previousEnrollmentId: first.body.data.id,
    });
    expect((await deliveriesOf(o, endpoint.id)).body.links.total).toBe(6);
  });
});

describe("SSRF protection", () => {
  afterAll(() => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "1";
    resetEnvCache();
  });

  it("refuses private, loopback and link-local receivers unless configured to allow them", async () => {
    const o = await createTestOrg();
    const { receiver: r } = await endpointFor(["drop.ready"], o); // allowed: the tests' setting
    const allowedId = (await call(base(o), { key: o.key })).body.data[0].id;
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "0";
    resetEnvCache();
    for (const url of [
      r.url,
      "http://localhost:8080/x",
      "http://app.localhost/x",
      "http://10.1.2.3/x",
      "http://172.20.0.1/x",
      "http://192.168.1.10/x",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/x",
      "http://[::1]/x",
      "http://[fd00::1]/x",
      "http://[fe80::1]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://0.0.0.0/x",
    ]) {
      const res = await call(base(o), { key: o.key, body: { url, eventTypes: ["drop.ready"] } });
      expect(expectError(res, 400, "BadRequest").message, url).toMatch(/private, loopback or reserved|public addresses/);
    }
    expectError(await call(`${base(o)}/${allowedId}`, { key: o.key, method: "PATCH", body: { url: "http://127.0.0.1/x" } }), 400, "BadRequest");

    // An endpoint saved while allowed is refused at delivery time: nothing reaches the receiver.
    await call(`${base(o)}/${allowedId}/test`, { key: o.key, body: {} });
    expect(await deliverDue(o.organizationId)).toMatchObject({ retry: 1 });
    const [attempt] = (await deliveriesOf(o, allowedId)).body.data[0].attempts;
    expect(attempt).toMatchObject({ statusCode: null, error: expect.stringContaining("127.0.0.1 is a private, loopback or reserved address") });
    expect(r.received).toHaveLength(0);
  });
});

describe("delivery through the job system", () => {
  it("runs the Inngest function for an event (in-process, @inngest/test)", async () => {
    // Another workspace's delivery is due too, so the run coalesces it: two deliver steps in
    // parallel, the path on which the test engine may run one step twice at once.
    const other = await createLibraryOrg();
    const { receiver: otherReceiver } = await endpointFor(["workout.session.completed"], other);
    await completeSession(other);
    const o = await createLibraryOrg();
    const { receiver: r } = await endpointFor(["workout.session.completed"], o);
    try {
      await completeSession(o);
      const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.organizationId, o.organizationId));
      const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
      const { result, ctx } = await new InngestTestEngine({ function: deliverWebhooks }).execute({
        events: [{ name: "webhooks/deliveries.enqueued", data: { eventId: event!.id } }],
      });
      // No worker delivers this test file's webhooks (the test files that start job workers work
      // only their own jobs), so this run claims the event's delivery and sends it in its own step,
      // and coalesces whatever else is due. A step the engine runs twice at once is sent once: the
      // claim's token is taken by one execution only.
      expect(ctx.step.run).toHaveBeenCalledWith("claim", expect.any(Function));
      expect(ctx.step.run).toHaveBeenCalledWith(`deliver-${delivery!.id}`, expect.any(Function));
      // The run's counts are not asserted exactly: for a step run twice, which of its two memoized
      // answers ("succeeded", "skipped") the engine's last pass reads is the engine's choice. What
      // was sent and recorded is what counts.
      expect(result).toMatchObject({ succeeded: expect.any(Number), skipped: expect.any(Number) });
      // The engine may answer the run from one execution of a step while its twin (the one that took
      // the claim and sends) is still sending and recording the attempt: wait for both.
      await expect.poll(() => r.received.length, { timeout: 5_000 }).toBe(1);
      expect(r.received[0]!.headers["webhook-id"]).toBe(event!.id);
      await expect.poll(() => otherReceiver.received.length, { timeout: 5_000 }).toBe(1);
      await expect
        .poll(async () => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0], { timeout: 5_000 })
        .toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200 });
    } finally {
      await otherReceiver.stop();
    }
  });

  it("sends a claimed delivery once when two executions of the same claim run at once", async () => {
    const o = await createLibraryOrg();
    const { receiver: r } = await endpointFor(["workout.session.completed"], o);
    await completeSession(o);
    const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.organizationId, o.organizationId));
    const [claim] = await claimDeliveries(db(), { eventId: event!.id, limit: 10 });
    // A step run twice (an engine racing its parallel steps, a retry while the first still runs).
    const outcomes = await Promise.all([deliverWebhook(db(), claim!), deliverWebhook(db(), claim!)]);
    expect(outcomes.sort()).toEqual(["skipped", "succeeded"]);
    expect(r.received).toHaveLength(1);
    // The claim is spent: running it again later sends nothing either.
    expect(await deliverWebhook(db(), claim!)).toBe("skipped");
    const [after] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, claim!.id));
    expect(after).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("delivers right after the commit with the local provider (pg-boss), woken by the commit relay", async () => {
    const o = await createLibraryOrg();
    const { receiver: r } = await endpointFor(["workout.session.completed"], o);
    await startJobWorker({ pollingIntervalSeconds: 2, schedule: false, jobs: ["deliver-webhooks"] });
    try {
      const before = Date.now();
      await completeSession(o);
      const [got] = await r.waitFor(1, 20_000);
      expect(got!.verifiedWith).toHaveLength(1);
      // Woken by the commit, not by the 2-second poll or the minute sweep.
      expect(got!.receivedAt - before).toBeLessThan(1900);
    } finally {
      await stopJobWorker();
    }
  }, 60_000);
});
