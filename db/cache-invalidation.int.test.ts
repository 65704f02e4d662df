import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiKeys, organizations } from "@/db/schema";
import { hashApiKey } from "@/server/core/api-keys";
import { call, createTestOrg, expectError, useTestApp } from "@/test/harness";
import { type CacheTopic, onCacheInvalidation, startCacheInvalidation } from "./cache-invalidation";

useTestApp();

/** Polls `probe` until it is true; returns the milliseconds it took (throws after `ms`). */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const seen: { topic: CacheTopic; key: string }[] = [];
beforeAll(async () => {
  onCacheInvalidation((topic, key) => seen.push({ topic, key }));
  await startCacheInvalidation();
});

describe("cache invalidation through LISTEN/NOTIFY", () => {
  it("stops a revoked key on the next request, without waiting for the 30 s cache", async () => {
    const org = await createTestOrg();
    expect((await call("/v1/workouts/metadata", { key: org.key })).status).toBe(200);
    await getDb().update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, org.keyId));
    const ms = await within(2_000, async () => (await call("/v1/workouts/metadata", { key: org.key })).status === 401);
    expect(ms).toBeLessThan(1_000);
    expectError(await call("/v1/workouts/metadata", { key: org.key }), 401, "Unauthorized");
  });

  it("applies a changed plan cap on the next request", async () => {
    const org = await createTestOrg({ subscriptionPlan: "starter" });
    expect((await call("/v1/workouts/metadata", { key: org.key })).headers.get("x-ratelimit-limit")).toBe("1000");
    await getDb().update(organizations).set({ hourlyCap: 777 }).where(eq(organizations.id, org.organizationId));
    await within(2_000, async () => (await call("/v1/workouts/metadata", { key: org.key })).headers.get("x-ratelimit-limit") === "777");
  });

  it("announces reference data and stock catalog writes, and ignores key use", async () => {
    const org = await createTestOrg();
    seen.length = 0;
    await getDb().execute(sql`update categories set key = key where false`);
    await getDb().execute(sql`update video_assets set name = name where false`);
    await within(2_000, async () => seen.some((s) => s.topic === "reference") && seen.some((s) => s.topic === "stock"));
    seen.length = 0;
    await getDb().update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, org.keyId));
    await getDb().execute(sql`select pg_sleep(0.2)`);
    // Other test files create keys meanwhile: only this key's notifications matter.
    expect(seen.filter((s) => s.topic === "api_key" && s.key === hashApiKey(org.key))).toEqual([]);
    await getDb().update(apiKeys).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(apiKeys.id, org.keyId));
    await within(2_000, async () => seen.some((s) => s.topic === "api_key" && s.key === hashApiKey(org.key)));
  });
});
