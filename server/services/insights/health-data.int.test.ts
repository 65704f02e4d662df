import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { healthDaySummaries, healthEntries } from "@/db/schema";
import { createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addDays } from "./local-date";
import { type Member, memberOf, noonZ, pathOf, push, syncWearable, todayOf } from "@/test/support/insights";

useTestApp();

async function daySummary(m: Member, day: string) {
  const [row] = await getDb()
    .select()
    .from(healthDaySummaries)
    .where(and(eq(healthDaySummaries.endUserId, m.id), eq(healthDaySummaries.localDate, day)));
  return row ?? null;
}

async function entryOf(m: Member, dataType: string, externalId: string) {
  const [row] = await getDb()
    .select()
    .from(healthEntries)
    .where(and(eq(healthEntries.endUserId, m.id), eq(healthEntries.dataType, dataType as "steps"), eq(healthEntries.externalId, externalId)));
  return row ?? null;
}

describe("POST insights/health-data", () => {
  it("stores every data type with per-entry results and default day keys", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2); // Europe/Lisbon
    const day = addDays(todayOf(m), -2);
    const res = await push(org, m, [
      {
        dataType: "activity",
        externalId: "run-1",
        recordedAt: `${day}T07:00:00Z`,
        activityType: "running",
        durationS: 1800,
        distanceM: 5200,
        activeEnergyKcal: 410,
        avgHeartRateBpm: 150,
        maxHeartRateBpm: 178,
        heartRateZonesS: [60, 300, 900, 480, 60],
      },
      {
        dataType: "sleep",
        recordedAt: `${day}T06:30:00Z`,
        startedAt: `${addDays(day, -1)}T22:30:00Z`,
        endedAt: `${day}T06:30:00Z`,
        deepS: 5400,
        lightS: 14400,
        remS: 5400,
        awakeS: 1800,
      },
      { dataType: "steps", recordedAt: noonZ(day), count: 9100, distanceM: 6500 },
      { dataType: "body_metrics", recordedAt: noonZ(day), weightKg: 72.5, bodyFatPct: 18 },
      { dataType: "heart_rate", recordedAt: noonZ(day), restingBpm: 54, hrvRmssdMs: 62 },
      { dataType: "hydration", recordedAt: noonZ(day), volumeMl: 2100 },
      { dataType: "oxygenation", recordedAt: noonZ(day), spo2Pct: 97, respiratoryRateBrpm: 14 },
      { dataType: "scores", recordedAt: noonZ(day), readinessScore: 81, vendor: "oura" },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.summary).toEqual({ received: 8, created: 8, updated: 0, failed: 0 });
    expect(res.body.data.results.map((r: { externalId: string }) => r.externalId)).toEqual(["run-1", ...Array(7).fill(`day-${day}`)]);
    for (const [i, r] of res.body.data.results.entries()) expect(r).toMatchObject({ index: i, status: "created", localDate: day });

    const sleep = await entryOf(m, "sleep", `day-${day}`);
    expect(sleep!.values).toMatchObject({ inBedS: 28800, asleepS: 25200, efficiencyPct: 87.5 }); // derived: stages sum, 25200/28800
    expect(sleep!.source).toBe("api");
    expect(sleep!.valueSources.asleepS).toBe("api");

    const summary = await daySummary(m, day);
    expect(summary!.values).toMatchObject({
      "steps.count": 9100,
      "sleep.asleepS": 25200,
      "heart_rate.restingBpm": 54,
      "body_metrics.weightKg": 72.5,
      "hydration.volumeMl": 2100,
      "oxygenation.spo2Pct": 97,
      "scores.readinessScore": 81,
    });
    expect(summary!.sources["steps.count"]).toBe("api");
    expect(summary!.activities).toEqual([
      expect.objectContaining({ externalId: "run-1", activityType: "running", durationS: 1800, distanceM: 5200, source: "api" }),
    ]);
  });

  it("puts an entry on the member-local day around midnight", async () => {
    const org = await createLibraryOrg();
    const ny = await memberOf(org, 0);
    const berlin = await memberOf(org, 1);
    const utcDay = addDays(new Date().toISOString().slice(0, 10), -2);
    // 03:30Z is still the previous evening in New York (UTC-5 or UTC-4).
    const a = await push(org, ny, [{ dataType: "steps", recordedAt: `${utcDay}T03:30:00Z`, count: 4000 }]);
    expect(a.body.data.results[0]).toMatchObject({ status: "created", localDate: addDays(utcDay, -1), externalId: `day-${addDays(utcDay, -1)}` });
    // 23:30Z is already the next day in Berlin (UTC+1 or UTC+2).
    const b = await push(org, berlin, [{ dataType: "steps", recordedAt: `${utcDay}T23:30:00Z`, count: 5000 }]);
    expect(b.body.data.results[0]).toMatchObject({ status: "created", localDate: addDays(utcDay, 1), externalId: `day-${addDays(utcDay, 1)}` });
    // An offset in recordedAt is honoured: 20:30 at -05:00 is 01:30Z the next day, still that evening in New York.
    const c = await push(org, ny, [{ dataType: "hydration", recordedAt: `${addDays(utcDay, -1)}T20:30:00-05:00`, volumeMl: 300 }]);
    expect(c.body.data.results[0].localDate).toBe(addDays(utcDay, -1));
    expect((await daySummary(ny, addDays(utcDay, -1)))!.values).toMatchObject({ "steps.count": 4000, "hydration.volumeMl": 300 });
  });

  it("accepts 90 days of backfill and rejects older or future entries per entry", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const today = todayOf(m);
    const now = Date.now();
    // Instants are kept two days off the 90-day edge: a daylight-saving change since then moves
    // the member's local clock by an hour, which near midnight would change the local day.
    const res = await push(org, m, [
      { dataType: "steps", recordedAt: new Date(now - 88 * 86_400_000).toISOString(), count: 1 },
      { dataType: "steps", recordedAt: noonZ(addDays(today, -90)), count: 2 },
      { dataType: "steps", recordedAt: new Date(now - 92 * 86_400_000).toISOString(), count: 3 },
      { dataType: "steps", recordedAt: noonZ(addDays(today, -91)), count: 4 },
      { dataType: "steps", recordedAt: new Date(now + 3_600_000).toISOString(), count: 5 },
      { dataType: "steps", recordedAt: noonZ(addDays(today, 1)), count: 6 },
      { dataType: "activity", externalId: "still-running", recordedAt: new Date(now - 600_000).toISOString(), activityType: "running", durationS: 3600 },
      {
        dataType: "sleep",
        recordedAt: new Date(now - 60_000).toISOString(),
        startedAt: new Date(now - 7 * 3_600_000).toISOString(),
        endedAt: new Date(now + 3_600_000).toISOString(),
      },
    ]);
    expect(res.status).toBe(200);
    const statuses = res.body.data.results.map((r: { status: string }) => r.status);
    expect(statuses).toEqual(["created", "created", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected"]);
    expect(res.body.data.summary).toEqual({ received: 8, created: 2, updated: 0, failed: 6 });
    expect(res.body.data.results[2].reason).toContain("more than 90 days ago");
    expect(res.body.data.results[4].reason).toBe("recordedAt is in the future.");
    expect(res.body.data.results[5]).toMatchObject({ externalId: `day-${addDays(today, 1)}`, localDate: addDays(today, 1), status: "rejected" });
    expect(res.body.data.results[6].reason).toContain("ends in the future");
    expect(res.body.data.results[7].reason).toBe("endedAt is in the future.");
    expect(await entryOf(m, "steps", `day-${addDays(today, -91)}`)).toBeNull();
  });

  it("rejects bad entries one by one and keeps the good ones", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -1);
    const res = await push(org, m, [
      { dataType: "steps", recordedAt: noonZ(day), count: -5 },
      { dataType: "steps", recordedAt: noonZ(day), count: 10.5 },
      { dataType: "steps", recordedAt: noonZ(day) },
      { dataType: "activity", recordedAt: noonZ(addDays(day, -1)), activityType: "running", durationS: 600 },
      { dataType: "activity", externalId: "x", recordedAt: noonZ(addDays(day, -1)), activityType: "curling", durationS: 600 },
      { dataType: "activity", externalId: "y", recordedAt: noonZ(addDays(day, -1)), activityType: "cycling", durationS: 600, heartRateZonesS: [1, 2, 3, 4] },
      { dataType: "sleep", recordedAt: noonZ(day), startedAt: `${day}T08:00:00Z`, endedAt: `${day}T07:00:00Z` },
      { dataType: "body_metrics", recordedAt: noonZ(day) },
      { dataType: "heart_rate", recordedAt: "yesterday", restingBpm: 50 },
      { dataType: "hydration", externalId: "a\u0001b", recordedAt: noonZ(day), volumeMl: 200 },
      { dataType: "heart_rate", recordedAt: noonZ(day), restingBpm: 51 },
      { dataType: "activity", externalId: "ride-1", recordedAt: noonZ(addDays(day, -1)), activityType: "cycling", durationS: 2400 },
    ]);
    expect(res.status).toBe(200);
    const reasons = res.body.data.results.map((r: { reason?: string }) => r.reason);
    expect(reasons.slice(0, 10)).toEqual([
      "count must be between 0 and 200000.",
      "count must be a whole number.",
      "count is required for steps entries.",
      "externalId is required for activity entries.",
      expect.stringContaining("activityType must be one of running"),
      "heartRateZonesS must list exactly five zones.",
      "endedAt must be after startedAt.",
      "A body_metrics entry needs at least one of weightKg, bodyFatPct, muscleMassKg, bmi.",
      expect.stringContaining("recordedAt must be an ISO 8601 date-time"),
      expect.stringContaining("externalId must be 1 to 200 characters"),
    ]);
    expect(res.body.data.results[3].externalId).toBeNull();
    expect(res.body.data.results[0].externalId).toBe(`day-${day}`);
    expect(res.body.data.results.slice(10).map((r: { status: string }) => r.status)).toEqual(["created", "created"]);
    expect(res.body.data.summary).toEqual({ received: 12, created: 2, updated: 0, failed: 10 });
    expect(await entryOf(m, "activity", "ride-1")).not.toBeNull();
  });

  it("updates on a repeated key, and the later of two conflicting entries wins", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -3);
    const first = await push(org, m, [{ dataType: "steps", recordedAt: noonZ(day), count: 5000 }]);
    expect(first.body.data.results[0].status).toBe("created");
    const again = await push(org, m, [{ dataType: "steps", recordedAt: `${day}T18:00:00Z`, count: 6000 }]);
    expect(again.body.data.results[0]).toMatchObject({ status: "updated", externalId: `day-${day}` });
    expect((await daySummary(m, day))!.values["steps.count"]).toBe(6000);

    const conflict = await push(org, m, [
      { dataType: "hydration", recordedAt: noonZ(day), volumeMl: 500 },
      { dataType: "hydration", recordedAt: noonZ(day), volumeMl: 900 },
      { dataType: "activity", externalId: "swim", recordedAt: noonZ(day), activityType: "swimming", durationS: 1200 },
      { dataType: "activity", externalId: "swim", recordedAt: noonZ(day), activityType: "swimming", durationS: 1500 },
    ]);
    expect(conflict.body.data.results.map((r: { status: string }) => r.status)).toEqual(["created", "updated", "created", "updated"]);
    expect(conflict.body.data.summary).toEqual({ received: 4, created: 2, updated: 2, failed: 0 });
    const s = await daySummary(m, day);
    expect(s!.values["hydration.volumeMl"]).toBe(900);
    expect(s!.activities.map((a) => a.durationS)).toEqual([1500]);

    // The same key for another data type is another entry; moving an entry to another day recomputes both days.
    await push(org, m, [{ dataType: "activity", externalId: "swim", recordedAt: noonZ(addDays(day, 1)), activityType: "swimming", durationS: 1500 }]);
    expect((await daySummary(m, day))!.activities).toEqual([]);
    expect((await daySummary(m, addDays(day, 1)))!.activities).toHaveLength(1);
  });

  it("writes 30 concurrent batches of one member exactly as if they ran one after another", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -2);
    // Every batch adds its own activity and rewrites the day's steps: all 30 activities are kept,
    // exactly one batch creates the steps entry and the day ends with one batch's value.
    const batches = Array.from({ length: 30 }, (_, i) => [
      { dataType: "activity", externalId: `run-${i}`, recordedAt: noonZ(day), activityType: "running", durationS: 600 + i },
      { dataType: "steps", recordedAt: noonZ(day), count: 1000 + i },
    ]);
    const responses = await Promise.all(batches.map((entries) => push(org, m, entries)));
    for (const r of responses) {
      expect(r.status).toBe(200);
      expect(r.body.data.summary.failed).toBe(0);
      expect(r.body.data.results[0].status).toBe("created");
    }
    expect(responses.filter((r) => r.body.data.results[1].status === "created")).toHaveLength(1);
    const s = await daySummary(m, day);
    expect(s!.activities).toHaveLength(30);
    expect(s!.values["steps.count"]).toBeGreaterThanOrEqual(1000);
    expect(s!.values["steps.count"]).toBeLessThan(1030);
  });

  it("writes concurrent batches of many members together, each member's as if they ran one after another", async () => {
    // Batches of several members arrive at once, so the group commit writes them in shared
    // transactions: every member ends with exactly its own entries and day summaries.
    const org = await createLibraryOrg();
    const members = await Promise.all([0, 1, 2].map((i) => memberOf(org, i)));
    expect(new Set(members.map((m) => m.id)).size).toBe(3);
    const day = addDays(todayOf(members[0]!), -3);
    const pushes = members.flatMap((m, k) =>
      Array.from({ length: 5 }, (_, i) =>
        push(org, m, [
          { dataType: "activity", externalId: `ride-${i}`, recordedAt: noonZ(day), activityType: "cycling", durationS: 900 + k * 10 + i },
          { dataType: "hydration", recordedAt: noonZ(day), volumeMl: 1000 + k * 100 + i },
        ]).then((r) => ({ m, k, r })),
      ),
    );
    for (const { r } of await Promise.all(pushes)) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.summary.failed).toBe(0);
    }
    for (const [k, m] of members.entries()) {
      const s = await daySummary(m, day);
      expect(s!.activities).toHaveLength(5);
      expect(s!.values["hydration.volumeMl"]).toBeGreaterThanOrEqual(1000 + k * 100);
      expect(s!.values["hydration.volumeMl"]).toBeLessThan(1000 + k * 100 + 5);
      for (let i = 0; i < 5; i++) expect((await entryOf(m, "activity", `ride-${i}`))!.values.durationS).toBe(900 + k * 10 + i);
    }
  });

  it("lets pushed values overwrite wearable-synced day values and records the source", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -2);
    const other = addDays(day, -1);
    const synced = await syncWearable(org, m, [
      { dataType: "steps", recordedAt: noonZ(day), count: 5000 },
      { dataType: "body_metrics", recordedAt: noonZ(day), weightKg: 80, bodyFatPct: 20 },
      { dataType: "steps", externalId: "garmin-77", recordedAt: noonZ(other), count: 4000 },
      { dataType: "heart_rate", externalId: "garmin-hr", recordedAt: noonZ(other), restingBpm: 60, hrvRmssdMs: 40 },
    ]);
    expect(synced.summary.created).toBe(4);
    expect((await daySummary(m, day))!.sources["steps.count"]).toBe("wearable");
    // Each source's last write is stored whole (the upsert rebuilds a sole write from the entry's columns).
    const wearableOnly = await entryOf(m, "body_metrics", `day-${day}`);
    expect(wearableOnly).toMatchObject({ pushed: null, synced: { recordedAt: `${day}T12:00:00.000Z`, localDate: day, values: { weightKg: 80, bodyFatPct: 20 } } });

    // Same key: the pushed value replaces the synced one, fields the push lacks keep their wearable values.
    const res = await push(org, m, [
      { dataType: "steps", recordedAt: noonZ(day), count: 7000 },
      { dataType: "body_metrics", recordedAt: noonZ(day), weightKg: 79 },
    ]);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(["updated", "updated"]);
    const body = await entryOf(m, "body_metrics", `day-${day}`);
    expect(body!.values).toEqual({ weightKg: 79, bodyFatPct: 20 });
    expect(body!.pushed).toEqual({ recordedAt: `${day}T12:00:00.000Z`, localDate: day, values: { weightKg: 79 } });
    expect(body!.synced).toEqual({ recordedAt: `${day}T12:00:00.000Z`, localDate: day, values: { weightKg: 80, bodyFatPct: 20 } });
    expect(body!.valueSources).toEqual({ weightKg: "api", bodyFatPct: "wearable" });
    let s = await daySummary(m, day);
    expect(s!.values).toMatchObject({ "steps.count": 7000, "body_metrics.weightKg": 79, "body_metrics.bodyFatPct": 20 });
    expect(s!.sources).toMatchObject({ "steps.count": "api", "body_metrics.weightKg": "api", "body_metrics.bodyFatPct": "wearable" });

    // A later wearable sync does not beat the pushed value.
    await syncWearable(org, m, [{ dataType: "steps", recordedAt: noonZ(day), count: 5500 }]);
    expect((await daySummary(m, day))!.values["steps.count"]).toBe(7000);

    // Other keys on the same day: the pushed day value wins over the wearable's (not added to it).
    await push(org, m, [
      { dataType: "steps", recordedAt: noonZ(other), count: 6500 },
      { dataType: "heart_rate", recordedAt: noonZ(other), restingBpm: 58 },
    ]);
    s = await daySummary(m, other);
    expect(s!.values).toMatchObject({ "steps.count": 6500, "heart_rate.restingBpm": 58, "heart_rate.hrvRmssdMs": 40 });
    expect(s!.sources).toMatchObject({ "steps.count": "api", "heart_rate.restingBpm": "api", "heart_rate.hrvRmssdMs": "wearable" });

    // Deleting the push falls back to the wearable's values.
    expect((await call(`${pathOf(org, m.id)}/insights/health-data/steps/day-${day}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    s = await daySummary(m, day);
    expect(s!.values["steps.count"]).toBe(5500);
    expect(s!.sources["steps.count"]).toBe("wearable");
    expect((await entryOf(m, "steps", `day-${day}`))!.source).toBe("wearable");
    expect((await call(`${pathOf(org, m.id)}/insights/health-data/steps/day-${other}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect((await daySummary(m, other))!.values["steps.count"]).toBe(4000);
  });
});

describe("DELETE insights/health-data/{dataType}/{externalId}", () => {
  it("deletes a pushed entry and recomputes the day", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const day = addDays(todayOf(m), -4);
    await push(org, m, [
      { dataType: "activity", externalId: "walk/1 a", recordedAt: noonZ(day), activityType: "walking", durationS: 1800 },
      { dataType: "activity", externalId: "walk-2", recordedAt: `${day}T15:00:00Z`, activityType: "walking", durationS: 900 },
      { dataType: "hydration", recordedAt: noonZ(day), volumeMl: 800 },
    ]);
    const base = `${pathOf(org, m.id)}/insights/health-data`;
    expect((await call(`${base}/activity/${encodeURIComponent("walk/1 a")}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect((await daySummary(m, day))!.activities.map((a) => a.externalId)).toEqual(["walk-2"]);
    expectError(await call(`${base}/activity/${encodeURIComponent("walk/1 a")}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expect((await call(`${base}/activity/walk-2`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect((await call(`${base}/hydration/day-${day}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect(await daySummary(m, day)).toBeNull(); // nothing left on the day
  });

  it("refuses wearable-synced entries (400), unknown keys (404) and unknown types (400)", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const day = addDays(todayOf(m), -1);
    await syncWearable(org, m, [
      { dataType: "activity", externalId: "garmin-run", recordedAt: noonZ(day), activityType: "running", durationS: 1200 },
      { dataType: "sleep", recordedAt: noonZ(day), asleepS: 26000 },
    ]);
    const base = `${pathOf(org, m.id)}/insights/health-data`;
    const err = expectError(await call(`${base}/activity/garmin-run`, { key: org.key, method: "DELETE" }), 400, "BadRequest");
    expect(err.message).toContain("Wearable-synced activities cannot be deleted");
    expectError(await call(`${base}/sleep/day-${day}`, { key: org.key, method: "DELETE" }), 400, "BadRequest");
    expect((await daySummary(m, day))!.activities).toHaveLength(1);
    expectError(await call(`${base}/activity/nope`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${base}/steps/day-${day}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${base}/blood_sugar/x`, { key: org.key, method: "DELETE" }), 400, "ValidationError");

    // A pushed overlay on a wearable activity can be deleted: the wearable's activity stays.
    await push(org, m, [{ dataType: "activity", externalId: "garmin-run", recordedAt: noonZ(day), activityType: "running", durationS: 1500, name: "Tempo" }]);
    expect((await daySummary(m, day))!.activities[0]).toMatchObject({ durationS: 1500, name: "Tempo" });
    expect((await call(`${base}/activity/garmin-run`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect((await daySummary(m, day))!.activities[0]).toMatchObject({ durationS: 1200, source: "wearable" });
    expect((await daySummary(m, day))!.activities[0]!.name).toBeUndefined();
  });
});

describe("health-data request validation, members and auth", () => {
  it("answers 400 for malformed bodies", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const day = addDays(todayOf(m), -1);
    const steps = { dataType: "steps", recordedAt: noonZ(day), count: 10 };
    const tooMany = expectError(await push(org, m, Array(51).fill(steps)), 400, "ValidationError");
    expect(tooMany.target).toBe("PushHealthDataBody");
    expect(tooMany.details).toEqual([expect.objectContaining({ target: "entries" })]);
    expect((await push(org, m, Array(50).fill(steps))).body.data.summary).toEqual({ received: 50, created: 1, updated: 49, failed: 0 });
    const unknownType = expectError(await push(org, m, [steps, { dataType: "blood_sugar", recordedAt: noonZ(day), mgDl: 90 }]), 400, "ValidationError");
    expect(unknownType.details![0]!.target).toBe("entries.1.dataType");
    const unknownKey = expectError(await push(org, m, [{ ...steps, stepz: 1 }]), 400, "ValidationError");
    expect(unknownKey.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "entries.0.stepz" })]);
    expectError(await push(org, m, [{ ...steps, count: "10" }]), 400, "ValidationError");
    expectError(await push(org, m, [{ ...steps, recordedAt: 5 }]), 400, "ValidationError");
    expectError(await push(org, m, []), 400, "ValidationError");
    expectError(await call(`${pathOf(org, m.id)}/insights/health-data`, { key: org.key, body: { items: [steps] } }), 400, "ValidationError");
    expectError(await call(`${pathOf(org, m.id)}/insights/health-data`, { key: org.key, method: "POST" }), 400, "ValidationError");
  });

  it("resolves the member by id, external id or email; suspended and unknown members are 404", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 1);
    const entry = { dataType: "hydration", recordedAt: noonZ(addDays(todayOf(m), -1)), volumeMl: 250 };
    expect((await push(org, m.externalId, [entry])).body.data.results[0].status).toBe("created");
    expect((await push(org, m.email.toUpperCase(), [entry])).body.data.results[0].status).toBe("updated");
    expectError(await push(org, org.library.suspendedEndUser.id, [entry]), 404, "NotFound");
    expectError(await push(org, org.library.suspendedEndUser.email, [entry]), 404, "NotFound");
    expectError(await push(org, "0".repeat(24), [entry]), 404, "NotFound");
    expectError(await push(org, "nobody@example.com", [entry]), 404, "NotFound");
    const suspended = `${pathOf(org, org.library.suspendedEndUser.id)}/insights/health-data/steps/day-x`;
    expectError(await call(suspended, { key: org.key, method: "DELETE" }), 404, "NotFound");
    // A member of another organization is unknown here.
    const other = await createLibraryOrg();
    expectError(await push(org, other.library.endUsers[0]!.id, [entry]), 404, "NotFound");
  });

  it("runs the auth matrix, charges weight 1 and does not accept a member Bearer token alone", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const path = `${pathOf(org, m.id)}/insights/health-data`;
    const body = { entries: [{ dataType: "hydration", recordedAt: noonZ(addDays(todayOf(m), -1)), volumeMl: 250 }] };
    // The key's first request learns the authoritative count: it shows the full weight.
    const first = await call(path, { key: org.key, body });
    expect(Number(first.headers.get("x-ratelimit-limit")) - Number(first.headers.get("x-ratelimit-remaining"))).toBe(1);
    await expectAuthMatrix(org, path, { body });
    await expectAuthMatrix(org, `${path}/hydration/day-x`, { method: "DELETE" });
    expectError(await call(path, { token: org.accessToken, body }), 401, "Unauthorized");
    expectError(await call(path, { key: org.key, method: "GET" }), 405, "MethodNotAllowed");
    // Unknown organizations are 404, foreign ones 403, before the member is looked at.
    expectError(await call(`/v1/orgs/${"0".repeat(24)}/endusers/${m.id}/insights/health-data`, { key: org.key, body }), 404, "NotFound");
    const stranger = await createTestOrg();
    expectError(await call(path, { key: stranger.key, body }), 403, "Forbidden");
  });
});
