import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { idempotencyKeys, nutritionEntries } from "@/db/schema";
import { issueAccessToken } from "@/server/core/access-tokens";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, createTestOrg, expectError, useTestApp } from "@/test/harness";
import { addMembers } from "@/test/support/members";
import { idempotencyScope, isStorable, requestFingerprint } from "./idempotency";

useTestApp();

const db = () => getDb();

async function orgWithMember(opts: Parameters<typeof createTestOrg>[0] = {}) {
  const org = await createTestOrg(opts);
  const [m] = await addMembers(db(), org.organizationId, 1);
  return { org, memberId: m!.id, path: `/v1/orgs/${org.organizationId}/endusers/${m!.id}/nutrition/log` };
}

const entriesOf = async (memberId: string) =>
  Number((await db().select({ n: count() }).from(nutritionEntries).where(eq(nutritionEntries.endUserId, memberId)))[0]!.n);

const meal = { caloriesKcal: 500, proteinG: 20 };

describe("Idempotency-Key on writes", () => {
  it("makes a retried nutrition log without externalId (which adds on every call) count once", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    const first = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.data.day).toMatchObject({ caloriesKcal: 500, entries: 1 });

    const again = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // Later repeats are answered from the process's cache of finished records: same answers.
    const third = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(third.text).toBe(first.text);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expectError(await call(path, { key: org.key, body: { caloriesKcal: 1 }, headers: { "Idempotency-Key": key } }), 422, "IdempotencyKeyReused");
    expect(await entriesOf(memberId)).toBe(1);

    // Without a key (or with a new one) the same body adds again, as the contract says.
    const fresh = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": randomUUID() } });
    expect(fresh.body.data.day).toMatchObject({ caloriesKcal: 1000, entries: 2 });
    const plain = await call(path, { key: org.key, body: meal });
    expect(plain.body.data.day).toMatchObject({ caloriesKcal: 1500, entries: 3 });
    expect(await entriesOf(memberId)).toBe(3);
  });

  it("runs 50 concurrent identical requests exactly once: the others replay or are told it is in progress", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    const all = await Promise.all(Array.from({ length: 50 }, () => call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } })));
    expect(await entriesOf(memberId)).toBe(1);
    const created = all.filter((r) => r.status === 201);
    const busy = all.filter((r) => r.status === 409);
    expect(created.length + busy.length).toBe(50);
    expect(created.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of busy) {
      expect(expectError(r, 409, "IdempotencyKeyInProgress").message).toMatch(/still running/);
      expect(r.headers.get("retry-after")).toBe("1");
    }
    // Once finished, every repeat replays.
    const after = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(after.body.data.id).toBe(created[0]!.body.data.id);
    expect(await entriesOf(memberId)).toBe(1);
  });

  it("answers 422 IdempotencyKeyReused for the same key with another body, path or method", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    expect((await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } })).status).toBe(201);
    const other = await call(path, { key: org.key, body: { ...meal, caloriesKcal: 501 }, headers: { "Idempotency-Key": key } });
    expect(expectError(other, 422, "IdempotencyKeyReused").target).toBe("Idempotency-Key");
    const otherPath = await call(`${path}?x=1`, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expectError(otherPath, 422, "IdempotencyKeyReused");
    expectError(await call(`${path}/abc`, { key: org.key, method: "DELETE", headers: { "Idempotency-Key": key } }), 422, "IdempotencyKeyReused");
    expect(await entriesOf(memberId)).toBe(1);
  });

  it("answers 409 with Retry-After while the first request runs, and takes over a record whose process died", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    const scope = `key:${org.keyId}`;
    const fingerprint = requestFingerprint("post", path, JSON.stringify(meal));
    await db()
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        fingerprint,
        status: "running",
        lockToken: "other",
        lockedUntil: new Date(Date.now() + 60_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const busy = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expectError(busy, 409, "IdempotencyKeyInProgress");
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(await entriesOf(memberId)).toBe(0);

    // The lease passed: the holder is gone, and the repeat runs.
    await db()
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    const taken = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(taken.status).toBe(201);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    expect(await entriesOf(memberId)).toBe(1);
  });

  it("forgets a key after 24 hours: a repeat then runs again", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(86_400_000);
    expect(row).toMatchObject({ status: "done", responseStatus: 201, scope: `key:${org.keyId}` });
    expect(row!.responseHeaders).not.toHaveProperty("x-request-id");
    expect(row!.responseHeaders).not.toHaveProperty("x-ratelimit-remaining");

    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await entriesOf(memberId)).toBe(2);
    const replay = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    expect(replay.body.data.id).toBe(later.body.data.id);
  });

  it("scopes keys to the API key: another key of the same organization runs its own write", async () => {
    const { org, memberId, path } = await orgWithMember();
    const second = await createKey(org.organizationId, "team");
    const key = randomUUID();
    const a = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    const b = await call(path, { key: second, body: meal, headers: { "Idempotency-Key": key } });
    expect(a.headers.get("idempotent-replayed")).toBeNull();
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(await entriesOf(memberId)).toBe(2);
    // ...and each key replays its own.
    expect((await call(path, { key: second, body: meal, headers: { "Idempotency-Key": key } })).body.data.id).toBe(b.body.data.id);
  });

  it("charges the rate-limit weight once: a replay costs nothing", async () => {
    const { org, path } = await orgWithMember({ subscriptionPlan: "starter" });
    const key = randomUUID();
    const first = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
    const remaining = Number(first.headers.get("x-ratelimit-remaining"));
    for (let i = 0; i < 3; i++) {
      const replay = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": key } });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(Number(replay.headers.get("x-ratelimit-remaining"))).toBe(remaining);
      expect(replay.headers.get("x-ratelimit-limit")).toBe(first.headers.get("x-ratelimit-limit"));
    }
    const next = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": randomUUID() } });
    expect(Number(next.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
  });

  it("keeps 4xx answers, but not 429s: a request refused for its rate limit runs when retried later", async () => {
    const { org, memberId, path } = await orgWithMember();
    const key = randomUUID();
    const invalid = await call(path, { key: org.key, body: { caloriesKcal: "lots" }, headers: { "Idempotency-Key": key } });
    expectError(invalid, 400, "ValidationError");
    const replayed = await call(path, { key: org.key, body: { caloriesKcal: "lots" }, headers: { "Idempotency-Key": key } });
    expectError(replayed, 400, "ValidationError");
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");

    const tight = await orgWithMember({ subscriptionPlan: "starter", hourlyCap: 1 });
    expect((await call(tight.path, { key: tight.org.key, body: meal })).status).toBe(201);
    const limited = randomUUID();
    expectError(await call(tight.path, { key: tight.org.key, body: meal, headers: { "Idempotency-Key": limited } }), 429, "TooManyRequests");
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, limited))).toEqual([]);
    expect(await entriesOf(memberId)).toBe(0);
  });

  it("rejects keys that are empty, longer than 255 characters or not printable ASCII with 400", async () => {
    const { org, memberId, path } = await orgWithMember();
    for (const bad of ["", "a".repeat(256), "caf\u00e9"]) {
      const res = await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": bad } });
      expect(expectError(res, 400, "BadRequest").target).toBe("Idempotency-Key");
    }
    expect((await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": "a".repeat(255) } })).status).toBe(201);
    expect((await call(path, { key: org.key, body: meal, headers: { "Idempotency-Key": "~ !x" } })).status).toBe(201);
    expect(await entriesOf(memberId)).toBe(2);
  });

  it("replays DELETE (204) and ignores the header on reads", async () => {
    const { org, memberId, path } = await orgWithMember();
    await call(path, { key: org.key, body: { ...meal, externalId: "m1" } });
    const key = randomUUID();
    const del = await call(`${path}/m1`, { key: org.key, method: "DELETE", headers: { "Idempotency-Key": key } });
    expect(del.status).toBe(204);
    const again = await call(`${path}/m1`, { key: org.key, method: "DELETE", headers: { "Idempotency-Key": key } });
    expect(again.status).toBe(204);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expectError(await call(`${path}/m1`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expect(await entriesOf(memberId)).toBe(0);

    const read = await call(`/v1/orgs/${org.organizationId}/endusers?limit=1`, { key: org.key, headers: { "Idempotency-Key": "" } });
    expect(read.status).toBe(200);
  });

  it("scopes Bearer-only calls to the member", async () => {
    const org: TestLibraryOrg = await createLibraryOrg();
    const workoutId = org.library.workoutIds[0]!;
    const other = await issueAccessToken(org.library.endUsers[1]!.id, org.organizationId);
    const key = randomUUID();
    const start = (token: string) => call(`/v1/workouts/${workoutId}/sessions/start`, { token, body: {}, headers: { "Idempotency-Key": key } });
    const a = await start(org.accessToken);
    expect(a.status, a.text).toBe(201);
    const replay = await start(org.accessToken);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.id).toBe(a.body.data.id);
    const b = await start(other);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.body.data.traineeId).toBe(org.library.endUsers[1]!.id);
  });
});

describe("idempotency helpers", () => {
  it("store 2xx-4xx answers but not 5xx or 429", () => {
    expect([200, 201, 204, 400, 404, 409, 422].every(isStorable)).toBe(true);
    expect([429, 500, 502, 503].some(isStorable)).toBe(false);
  });

  it("scope a key plus member token to both", () => {
    const limits = { id: "o", subscriptionPlan: "starter", isTrial: false, hourlyCap: null, dailyCap: null, entitlements: {} } as never;
    const key = { id: "k1", kind: "team", organizationId: "o", organizationIds: ["o"], expiresAt: null } as const;
    expect(idempotencyScope({ apiKey: key, member: null, limits } as never)).toBe("key:k1");
    expect(idempotencyScope({ apiKey: key, member: { endUserId: "m1", organizationId: "o" }, limits } as never)).toBe("key:k1|member:m1");
    expect(idempotencyScope({ apiKey: null, member: { endUserId: "m1", organizationId: "o" }, limits } as never)).toBe("member:m1");
  });
});

describe("exactly-once writes", () => {
  it("refuse the pool inside the request's transaction (outside production)", async () => {
    const { inRequestTransaction } = await import("@/db/client");
    await expect(inRequestTransaction("Test_op", async () => getDb())).rejects.toThrow(/Test_op runs in its request's transaction: use the handler's ctx.db/);
    expect(getDb()).toBeDefined(); // and only there
  });

  it("keep a 4xx the handler throws, without its writes, and say which guarantee each write gives in /openapi.json", async () => {
    const { org, memberId, path } = await orgWithMember();
    await call(path, { key: org.key, body: { ...meal, externalId: "kept" } });
    const key = randomUUID();
    const missing = await call(`${path}/nope`, { key: org.key, method: "DELETE", headers: { "Idempotency-Key": key } });
    expectError(missing, 404, "NotFound");
    const again = await call(`${path}/nope`, { key: org.key, method: "DELETE", headers: { "Idempotency-Key": key } });
    expectError(again, 404, "NotFound");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await entriesOf(memberId)).toBe(1);

    const doc = (await call("/openapi.json")).body;
    expect(doc.paths["/v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log"].post["x-idempotency"]).toBe("exactly-once");
    expect(doc.paths["/v1/orgs/{organizationId}/workouts/generate"].post["x-idempotency"]).toBe("at-least-once");
    expect(doc.paths["/v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log"].post.description).toMatch(/Idempotency-Key: exactly once/);
  });
});
