import { inngestFunction } from "@/server/jobs/inngest-functions";
import { randomUUID } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { addUsage } from "@/db/queries/usage";
import { usageDaily, usageHourly } from "@/db/schema";
import { issueAccessToken } from "@/server/core/access-tokens";
import { flushUsageTally, hourOf } from "@/server/services/usage/usage-tally";
import { pruneIntegrationData } from "@/server/services/webhooks/prune-integration-data";
import { call, createKey, createTestOrg, expectError, useTestApp } from "@/test/harness";
import { addMembers } from "@/test/support/members";
import { getUsage } from "./get-usage";
import { ROLL_UP_AFTER_HOURS, rollUpUsage } from "./roll-up-usage";

const rollUpFunction = inngestFunction("roll-up-usage");

useTestApp();

const usageOf = (o: { organizationId: string; key: string }) => call(`/v1/orgs/${o.organizationId}/usage`, { key: o.key });
const byOp = (rows: { operationId: string; units: number; requests: number }[], id: string) => rows.find((r) => r.operationId === id);

describe("GET /v1/orgs/{organizationId}/usage", () => {
  it("reports caps, each key's current windows, and units per key and operation for 24 hours and 30 days", async () => {
    const org = await createTestOrg({ subscriptionPlan: "growth" });
    const second = await createKey(org.organizationId, "team");
    const stock = `/v1/orgs/${org.organizationId}/stock-exercises`;
    for (let i = 0; i < 2; i++) expect((await call(stock, { key: org.key })).status).toBe(200); // 10 units each
    for (let i = 0; i < 3; i++) await call(`/v1/orgs/${org.organizationId}/webhooks`, { key: second }); // 1 unit each
    expectError(await call(`/v1/orgs/${org.organizationId}/webhooks?limit=500`, { key: second }), 400, "ValidationError"); // admitted: counted
    const [m] = await addMembers(getDb(), org.organizationId, 1);
    const path = `/v1/orgs/${org.organizationId}/endusers/${m!.id}/nutrition/log`;
    const key = randomUUID();
    await call(path, { key: org.key, body: { caloriesKcal: 100 }, headers: { "Idempotency-Key": key } });
    await call(path, { key: org.key, body: { caloriesKcal: 100 }, headers: { "Idempotency-Key": key } }); // replay: costs and counts nothing

    const res = await usageOf(org);
    expect(res.status, res.text).toBe(200);
    const u = res.body.data;
    expect(u.organizationId).toBe(org.organizationId);
    expect(u.plan).toEqual({ subscriptionPlan: "growth", isTrial: false, hourlyCap: 10_000, dailyCap: 100_000 });

    // key 1: 2 x 10 (stock) + 1 (nutrition) + 1 (this usage call) = 22; key 2: 3 + 1 = 4.
    const w1 = u.windows.find((w: { apiKeyId: string }) => w.apiKeyId === org.keyId);
    expect(w1.hourly).toMatchObject({ limit: 10_000, used: 22, remaining: 9_978 });
    expect(w1.daily).toMatchObject({ limit: 100_000, used: 22 });
    expect(Date.parse(w1.hourly.resetAt) - Date.now()).toBeGreaterThan(3500_000);
    expect(Date.parse(w1.hourly.resetAt) - Date.now()).toBeLessThanOrEqual(3601_000); // whole seconds, rounded up
    expect(u.windows.find((w: { apiKeyId: string }) => w.apiKeyId !== org.keyId).hourly.used).toBe(4);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("9978");

    for (const period of [u.last24Hours, u.last30Days]) {
      expect(period).toMatchObject({ units: 26, requests: 8 });
      expect(byOp(period.byOperation, "StockExercisesApi_listStockExercises")).toMatchObject({ units: 20, requests: 2 });
      expect(byOp(period.byOperation, "WebhooksApi_listWebhooks")).toEqual({ operationId: "WebhooksApi_listWebhooks", units: 4, requests: 4 });
      expect(byOp(period.byOperation, "UsageApi_getUsage")).toMatchObject({ units: 1, requests: 1 });
      expect(period.byApiKey).toEqual([
        { apiKeyId: org.keyId, name: "team key", prefix: expect.stringMatching(/^fma_/), units: 22, requests: 4 },
        { apiKeyId: expect.any(String), name: "team key", prefix: expect.stringMatching(/^fma_/), units: 4, requests: 4 },
      ]);
    }
    expect(u.last24Hours.buckets).toHaveLength(24);
    expect(u.last24Hours.buckets.at(-1)).toMatchObject({ start: new Date(hourOf(Date.now())).toISOString(), units: 26, requests: 8 });
    expect(u.last24Hours.buckets.slice(0, 23).every((b: { units: number }) => b.units === 0)).toBe(true);
    expect(u.last30Days.buckets).toHaveLength(30);
    expect(u.last30Days.buckets.at(-1).start).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  });

  it("keeps older hours in the 30-day view only, counts member tokens apart, and prunes past 35 days", async () => {
    const org = await createTestOrg();
    const [m] = await addMembers(getDb(), org.organizationId, 1);
    const token = await issueAccessToken(m!.id, org.organizationId);
    const threeDaysAgo = new Date(hourOf(Date.now()) - 72 * 3600_000);
    const fortyDaysAgo = new Date(hourOf(Date.now()) - 40 * 24 * 3600_000);
    await getDb()
      .insert(usageHourly)
      .values([
        {
          organizationId: org.organizationId,
          hour: threeDaysAgo,
          subject: `key:${org.keyId}`,
          apiKeyId: org.keyId,
          operationId: "AiApi_generateWorkout",
          units: 50,
          requests: 5,
        },
        {
          organizationId: org.organizationId,
          hour: fortyDaysAgo,
          subject: `key:${org.keyId}`,
          apiKeyId: org.keyId,
          operationId: "AiApi_generateWorkout",
          units: 70,
          requests: 7,
        },
      ]);
    const workoutPath = `/v1/workouts/${"0".repeat(24)}/sessions/start`;
    expectError(await call(workoutPath, { token, body: {} }), 404, "NotFound"); // admitted for the member
    await flushUsageTally();

    const u = (await usageOf(org)).body.data;
    expect(u.last30Days.byOperation).toEqual(expect.arrayContaining([{ operationId: "AiApi_generateWorkout", units: 50, requests: 5 }]));
    expect(byOp(u.last24Hours.byOperation, "AiApi_generateWorkout")).toBeUndefined();
    expect(u.last30Days.byApiKey).toEqual(expect.arrayContaining([{ apiKeyId: null, name: "Member access tokens", prefix: null, units: 1, requests: 1 }]));
    const day = u.last30Days.buckets.find((b: { start: string }) => b.start === `${threeDaysAgo.toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(day).toMatchObject({ units: 50, requests: 5 });

    const pruned = await pruneIntegrationData(getDb());
    expect(pruned.usageBuckets).toBeGreaterThanOrEqual(1);
    // (An hour older than 48 hours stays where it is until the roll-up job moves it into its day.)
    const left = await getDb().select().from(usageHourly).where(eq(usageHourly.organizationId, org.organizationId));
    expect(left.some((r) => r.hour.getTime() === fortyDaysAgo.getTime())).toBe(false);
    expect(left.some((r) => r.hour.getTime() === threeDaysAgo.getTime())).toBe(true);
  });

  it("reports trial caps at 1/100 and answers 404 for an unknown organization", async () => {
    const org = await createTestOrg({ subscriptionPlan: "starter", isTrial: true });
    const u = (await usageOf(org)).body.data;
    expect(u.plan).toEqual({ subscriptionPlan: "starter", isTrial: true, hourlyCap: 10, dailyCap: 100 });
    expect(u.windows[0].hourly).toMatchObject({ limit: 10, used: 1, remaining: 9 });
    expectError(await call(`/v1/orgs/${"0".repeat(24)}/usage`, { key: org.key }), 404, "NotFound");
  });
});

describe("the roll-up-usage job (hourly buckets into days)", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it("moves hours older than 48 h into daily buckets and the report stays exact across the boundary, late flushes included", async () => {
    const org = await createTestOrg();
    await createKey(org.organizationId, "team");
    const otherId = (await getUsage(getDb(), org.organizationId)).windows.find((w: { apiKeyId: string }) => w.apiKeyId !== org.keyId)!.apiKeyId;
    const now = new Date();
    const h = hourOf(now.getTime());
    const key1 = { subject: `key:${org.keyId}`, apiKeyId: org.keyId };
    const key2 = { subject: `key:${otherId}`, apiKeyId: otherId };
    const member = { subject: `member:${"ab".repeat(12)}`, apiKeyId: null };
    const row = (ageMs: number, who: typeof key1 | typeof member, operationId: string, units: number, requests: number) => ({
      organizationId: org.organizationId,
      hour: new Date(h - ageMs),
      ...who,
      operationId,
      units,
      requests,
    });
    const boundary = ROLL_UP_AFTER_HOURS * HOUR;
    await getDb()
      .insert(usageHourly)
      .values([
        row(1 * HOUR, key1, "WorkoutsApi_listWorkouts", 5, 1), // last 24 h
        row(47 * HOUR, key1, "WorkoutsApi_listWorkouts", 7, 1), // stays hourly
        row(boundary, key2, "AiApi_generateWorkout", 11, 2), // exactly 48 h: stays hourly
        row(boundary + HOUR, key2, "AiApi_generateWorkout", 13, 3), // rolled
        row(3 * DAY, key1, "WorkoutsApi_listWorkouts", 17, 1),
        row(3 * DAY + HOUR, key1, "WorkoutsApi_listWorkouts", 19, 1),
        row(10 * DAY, member, "SessionsApi_startSession", 1, 1),
        row(10 * DAY + HOUR, member, "SessionsApi_startSession", 2, 2),
        row(10 * DAY + 2 * HOUR, member, "SessionsApi_startSession", 3, 3),
        row(29 * DAY, key2, "PlansApi_listPlans", 23, 1), // inside the 30 days
        row(33 * DAY, key2, "PlansApi_listPlans", 29, 1), // outside the 30 days, inside retention
        row(40 * DAY, key2, "PlansApi_listPlans", 31, 1), // past retention
      ]);
    const report = async () => {
      const { windows: _live, ...rest } = await getUsage(getDb(), org.organizationId, now);
      return rest;
    };
    const before = await report();
    expect(before.last30Days).toMatchObject({ units: 5 + 7 + 11 + 13 + 17 + 19 + 1 + 2 + 3 + 23, requests: 1 + 1 + 2 + 3 + 1 + 1 + 1 + 2 + 3 + 1 });

    const result = await rollUpUsage(getDb(), now);
    expect(result.hourlyRowsRolledUp).toBeGreaterThanOrEqual(9);
    const hourly = await getDb().select().from(usageHourly).where(eq(usageHourly.organizationId, org.organizationId));
    expect(hourly.map((r) => (h - r.hour.getTime()) / HOUR).sort((a, b) => a - b)).toEqual([1, 47, 48]);
    const daily = await getDb().select().from(usageDaily).where(eq(usageDaily.organizationId, org.organizationId));
    // One row per UTC day, subject and operation; every unit moved.
    expect(new Set(daily.map((d) => `${d.day.toISOString()}|${d.subject}|${d.operationId}`)).size).toBe(daily.length);
    expect(daily.every((d) => d.day.getTime() % DAY === 0)).toBe(true);
    expect(daily.reduce((s, d) => s + d.units, 0)).toBe(13 + 17 + 19 + 1 + 2 + 3 + 23 + 29 + 31);
    expect(daily.filter((d) => d.subject === member.subject)).toHaveLength(new Set([10 * DAY, 10 * DAY + HOUR, 10 * DAY + 2 * HOUR].map((a) => Math.floor((h - a) / DAY))).size);
    expect(daily.find((d) => d.subject === member.subject)!.apiKeyId).toBeNull();
    expect(await report()).toEqual(before);

    // A late flush into an hour already rolled up counts at once, and the next run merges it into its day.
    await addUsage(getDb(), [{ ...row(boundary + HOUR, key2, "AiApi_generateWorkout", 1, 1) }]);
    const late = await report();
    expect(late.last30Days.units).toBe(before.last30Days.units + 1);
    expect(late.last30Days.byOperation.find((o: { operationId: string }) => o.operationId === "AiApi_generateWorkout")).toEqual({ operationId: "AiApi_generateWorkout", units: 25, requests: 6 });
    await rollUpUsage(getDb(), now);
    expect(await report()).toEqual(late);
    expect(await getDb().select().from(usageHourly).where(eq(usageHourly.organizationId, org.organizationId))).toHaveLength(3);
    const generated = (await getDb().select().from(usageDaily).where(eq(usageDaily.organizationId, org.organizationId))).filter((d) => d.operationId === "AiApi_generateWorkout");
    expect(generated.map((d) => [d.units, d.requests])).toEqual([[14, 4]]);

    // Retention applies to the days too: 35 days.
    await pruneIntegrationData(getDb());
    const kept = await getDb().select().from(usageDaily).where(eq(usageDaily.organizationId, org.organizationId));
    expect(kept.some((d) => d.units === 29)).toBe(true);
    expect(kept.some((d) => d.units === 31)).toBe(false);
    expect(await report()).toEqual(late);
  });

  it("runs as the hourly job of both providers (Inngest function from the one definition)", async () => {
    const org = await createTestOrg();
    const fiveDaysAgo = new Date(hourOf(Date.now()) - 5 * DAY);
    await addUsage(getDb(), [{ organizationId: org.organizationId, hour: fiveDaysAgo, subject: `key:${org.keyId}`, apiKeyId: org.keyId, operationId: "WorkoutsApi_listWorkouts", units: 4, requests: 2 }]);
    const { result, ctx } = await new InngestTestEngine({ function: rollUpFunction }).execute();
    expect(ctx.step.run).toHaveBeenCalledWith("roll-up", expect.any(Function));
    expect((result as { hourlyRowsRolledUp: number }).hourlyRowsRolledUp).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(usageHourly).where(eq(usageHourly.organizationId, org.organizationId))).toEqual([]);
    const [day] = await getDb().select().from(usageDaily).where(eq(usageDaily.organizationId, org.organizationId));
    expect(day).toMatchObject({ day: new Date(fiveDaysAgo.getTime() - (fiveDaysAgo.getTime() % DAY)), units: 4, requests: 2, apiKeyId: org.keyId });
  });
});
