import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { endUsers, insightDigests } from "@/db/schema";
import { mockInvalidModel, mockJsonModel } from "@/test/support/ai-mocks/mock-model";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addDays, shortDay } from "./local-date";
import { completeSession, digest, logMeal, memberOf, noonZ, pathOf, pillar, push, todayOf } from "@/test/support/insights";

useTestApp();

const byType = (d: { pillars: { pillarType: string }[] }, t: string) => d.pillars.find((p) => p.pillarType === t) as Record<string, any>;

/**
 * A member with known inputs around day D (two days ago); every expected number below is worked
 * out by hand from the formulas in docs/insights.md.
 */
async function memberWithKnownWeek() {
  const org = await createLibraryOrg();
  const m = await memberOf(org, 2); // Europe/Lisbon
  const D = addDays(todayOf(m), -2);
  const d = (n: number) => addDays(D, n);
  const stepsByOffset: [number, number][] = [
    [-12, 8000],
    [-11, 8000],
    [-10, 8000],
    [-9, 8000],
    [-8, 8000],
    [-7, 8000],
    [-6, 6000],
    [-5, 7000],
    [-4, 8000],
    [-3, 9000],
    [-2, 10000],
    [-1, 12000],
    [0, 3000],
  ];
  const res = await push(org, m, [
    ...stepsByOffset.map(([o, count]) => ({ dataType: "steps", recordedAt: noonZ(d(o)), count })),
    ...[-3, -2, -1].map((o) => ({ dataType: "sleep", recordedAt: noonZ(d(o)), asleepS: 28_800 })),
    { dataType: "sleep", recordedAt: `${D}T06:00:00Z`, startedAt: `${d(-1)}T23:00:00Z`, endedAt: `${D}T06:00:00Z`, asleepS: 21_600 },
    { dataType: "heart_rate", recordedAt: noonZ(d(-3)), restingBpm: 50, hrvRmssdMs: 60 },
    { dataType: "heart_rate", recordedAt: noonZ(d(-2)), restingBpm: 52, hrvRmssdMs: 60 },
    { dataType: "heart_rate", recordedAt: noonZ(d(-1)), restingBpm: 54, hrvRmssdMs: 60 },
    { dataType: "heart_rate", recordedAt: noonZ(D), restingBpm: 58, hrvRmssdMs: 45 },
    { dataType: "body_metrics", recordedAt: noonZ(d(-5)), weightKg: 80 },
    { dataType: "hydration", recordedAt: noonZ(d(-1)), volumeMl: 2000 },
  ]);
  expect(res.body.data.summary.failed, res.text).toBe(0);
  expect((await logMeal(org, m, { caloriesKcal: 2000, proteinG: 100, carbsG: 250, fatG: 70, loggedAt: noonZ(d(-1)) })).status).toBe(201);
  return { org, m, D, d };
}

describe("GET insights/digest", () => {
  it("computes every number from the stored data", async () => {
    const { org, m, D, d } = await memberWithKnownWeek();
    const res = await digest(org, m, D);
    expect(res.status, res.text).toBe(200);
    const g = res.body.data;
    expect(g).toMatchObject({ date: D, timeZone: "Europe/Lisbon", variant: "standard" });
    expect(g.pillars.map((p: { pillarType: string; score: number }) => [p.pillarType, p.score])).toEqual([
      ["movement", 100], // 12000 steps on D-1 (the latest complete day): min(12000/10000, 1) * 100
      ["sleep", 90], // 6 h asleep of 7 h in bed: 0.7 * (100 * 6/7) + 0.3 * 100 (efficiency 85.7% >= 85%)
      ["recovery", 58], // mean(100 - 10 * (58 - 52), 100 * 45 / 60) = mean(40, 75) = 57.5
      ["nutrition", 82], // mean(100 / 128 * 100, 100 (all macros in range), 100 - 200 * 400 / 2400) = 81.6
      ["hydration", 71], // 2000 / (35 ml * 80 kg) * 100 = 71.4
    ]);

    const movement = byType(g, "movement");
    expect(movement).toMatchObject({ status: "scored", scoredDate: d(-1), partialDay: false });
    // Baseline: the 11 days D-12..D-2 score 80 (x6), 60, 70, 80, 90, 100 -> mean 80.
    expect(movement.trend).toEqual({ direction: "up", delta: 20, baseline: 80, baselinePoints: 11 });
    expect(movement.evidence).toEqual([
      { metric: "steps", label: "Steps", value: 12000, unit: "steps", date: d(-1), baseline: 8000, target: 10000, source: "api" },
      { metric: "stepsToday", label: "Steps so far today", value: 3000, unit: "steps", date: D, baseline: null, target: 10000, source: "api" },
    ]);
    expect(movement.summary).toBe(`12,000 steps on ${shortDay(d(-1))}. Score 100, up 20 on your 28-day baseline of 80.`);

    const sleep = byType(g, "sleep");
    expect(sleep).toMatchObject({ scoredDate: D, trend: { direction: "down", delta: -10, baseline: 100, baselinePoints: 3 } });
    expect(sleep.evidence.slice(0, 3)).toEqual([
      { metric: "asleepHours", label: "Time asleep", value: 6, unit: "h", date: D, baseline: 8, target: 7, source: "api" },
      { metric: "efficiencyPct", label: "Sleep efficiency", value: 85.7, unit: "%", date: D, baseline: null, target: 85, source: "api" },
      { metric: "inBedHours", label: "Time in bed", value: 7, unit: "h", date: D, baseline: null, target: null, source: "api" },
    ]);

    // Recovery of D-3..D-1 used the reference baselines (fewer than 3 prior days) and scored 100 each.
    const recovery = byType(g, "recovery");
    expect(recovery.trend).toEqual({ direction: "down", delta: -42, baseline: 100, baselinePoints: 3 });
    expect(recovery.evidence).toEqual([
      expect.objectContaining({ metric: "restingHeartRateBpm", value: 58, baseline: 52 }),
      expect.objectContaining({ metric: "hrvMs", value: 45, baseline: 60 }),
    ]);
    expect(byType(g, "nutrition").trend).toEqual({ direction: "building_baseline", delta: null, baseline: null, baselinePoints: 0 });
    expect(byType(g, "hydration").evidence).toEqual([
      { metric: "volumeMl", label: "Fluids", value: 2000, unit: "ml", date: d(-1), baseline: null, target: 2800, source: "api" },
    ]);

    expect(g.readiness).toMatchObject({ score: 74, level: "moderate", date: D, sleepScore: 90, recoveryScore: 58, vendorReadinessScore: null });
    expect(g.todaysFocus).toMatchObject({ pillarType: "recovery", headline: "Take it easy today" });
    expect(g.highlights.map((h: { kind: string; code: string }) => `${h.kind}:${h.code}`)).toEqual([
      "anomaly:short_night", // 6 h < 8 h average - 1.5 h
      "anomaly:elevated_resting_hr", // 58 >= 52 + 5
      "anomaly:low_hrv", // 45 <= 0.8 * 60
      "personal_record:most_steps", // 12000 on D-1 beats the 11 earlier days
      "goal_progress:daily_steps_goal",
    ]);
    expect(g.highlights[3]).toMatchObject({ date: d(-1), value: 12000, unit: "steps" });
    expect(g.summary).toBe("Movement 100 (up 20), Sleep 90 (down 10), Recovery 58 (down 42), Nutrition 82, Hydration 71. Readiness 74 (moderate).");
    expect(g.shareText).toBe(`My Forma day, ${shortDay(D)}: Movement 100 · Sleep 90 · Recovery 58 · Nutrition 82 · Hydration 71. Most steps in a day!`);

    expect(g.week.startDate).toBe(d(-6));
    expect(g.week.days.map((x: { steps: number }) => x.steps)).toEqual([6000, 7000, 8000, 9000, 10000, 12000, 3000]);
    expect(g.week.totals).toEqual({
      steps: 55000,
      activeMinutes: 0,
      activities: 0,
      workoutSessions: 0,
      activeDays: 0,
      averageAsleepHours: 7.5,
      averageRestingHeartRateBpm: 53.5,
    });
    expect(g.week.days[5]).toMatchObject({ caloriesKcal: 2000, hydrationMl: 2000, asleepHours: 8, restingHeartRateBpm: 54 });
    expect(g.dataProfile).toEqual({
      hasData: true,
      windowStart: addDays(D, -89),
      windowEnd: D,
      baselineDays: 28,
      daysWithData: 13,
      firstDataDate: d(-12),
      lastDataDate: D,
      sources: ["api"],
      kinds: [
        { kind: "body_metrics", days: 1, lastDate: d(-5), sources: ["api"] },
        { kind: "heart_rate", days: 4, lastDate: D, sources: ["api"] },
        { kind: "hydration", days: 1, lastDate: d(-1), sources: ["api"] },
        { kind: "nutrition", days: 1, lastDate: d(-1), sources: ["api"] },
        { kind: "sleep", days: 4, lastDate: D, sources: ["api"] },
        { kind: "steps", days: 13, lastDate: D, sources: ["api"] },
      ],
    });
  });

  it("counts completed workout sessions as activity, without double counting a linked activity", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0); // America/New_York
    const D = addDays(todayOf(m), -1);
    const d = (n: number) => addDays(D, n);
    await completeSession(org, m, noonZ(d(-2)), 900);
    await completeSession(org, m, noonZ(d(-1)), 600);
    const linked = await completeSession(org, m, `${d(-1)}T13:00:00Z`, 1200);
    await completeSession(org, m, noonZ(D), 1800);
    await completeSession(org, m, noonZ(addDays(D, -120)), 3000); // outside the 90-day window
    const pushed = await push(org, m, [
      {
        dataType: "activity",
        externalId: `forma-${linked}`,
        recordedAt: `${d(-1)}T12:40:00Z`,
        activityType: "strength",
        durationS: 1200,
        workoutSessionId: linked,
      },
    ]);
    expect(pushed.body.data.summary.created).toBe(1);

    const g = (await digest(org, m, D)).body.data;
    expect(g.variant).toBe("building_baseline");
    expect(g.pillars.map((p: { pillarType: string; status: string; score: number | null }) => [p.pillarType, p.status, p.score])).toEqual([
      ["movement", "scored", 100], // D-1: 10 min session + 20 min linked activity = 30 min
      ["sleep", "no_data", null], // padding to three pillars
      ["consistency", "scored", 60], // 3 active days of the last 7, against 5
    ]);
    const movement = byType(g, "movement");
    expect(movement.scoredDate).toBe(d(-1));
    expect(movement.evidence).toEqual([
      { metric: "activeMinutes", label: "Active minutes", value: 30, unit: "min", date: d(-1), baseline: 15, target: 30, source: "mixed" },
      {
        metric: "activities",
        label: "Activities and completed workouts",
        value: 2,
        unit: "activities",
        date: d(-1),
        baseline: null,
        target: null,
        source: "mixed",
      },
      { metric: "activeMinutesToday", label: "Active minutes so far today", value: 30, unit: "min", date: D, baseline: null, target: 30, source: "session" },
    ]);
    expect(movement.trend).toEqual({ direction: "building_baseline", delta: null, baseline: null, baselinePoints: 1 });
    expect(g.highlights.map((h: { code: string }) => h.code)).toEqual(["longest_activity", "activity_streak", "weekly_active_minutes"]);
    expect(g.highlights[0]).toMatchObject({ kind: "personal_record", date: D, value: 30, unit: "min" });
    expect(g.highlights[1]).toMatchObject({ kind: "streak", title: "3-day activity streak", value: 3 });
    expect(g.highlights[2]).toMatchObject({ kind: "goal_progress", value: 75, target: 150, title: "75 of 150 active minutes this week" });
    expect(g.week.totals).toMatchObject({ activeMinutes: 75, activities: 4, workoutSessions: 3, activeDays: 3 });
    expect(g.dataProfile.sources).toEqual(["api", "session"]);
    expect(g.dataProfile.kinds).toEqual([
      { kind: "activity", days: 1, lastDate: d(-1), sources: ["api"] },
      { kind: "workout_session", days: 3, lastDate: D, sources: ["session"] },
    ]);
    expect(g.readiness).toBeUndefined();
  });

  it("gives a member without data a valid digest that says so", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 1);
    const res = await digest(org, m);
    expect(res.status).toBe(200);
    const g = res.body.data;
    expect(g).toMatchObject({
      date: todayOf(m),
      timeZone: "Europe/Berlin",
      variant: "no_data",
      highlights: [],
      shareText: "Just started tracking my training and recovery with Forma.",
    });
    expect(g.summary).toContain("don't have any data");
    expect(g.pillars.map((p: { pillarType: string; status: string; score: null }) => [p.pillarType, p.status, p.score])).toEqual([
      ["movement", "no_data", null],
      ["sleep", "no_data", null],
      ["recovery", "no_data", null],
    ]);
    expect(g.pillars[0].summary).toContain("complete a workout");
    expect(g.todaysFocus).toMatchObject({ pillarType: null, headline: "Get started" });
    expect(g.readiness).toBeUndefined();
    expect(g.week.totals).toEqual({
      steps: 0,
      activeMinutes: 0,
      activities: 0,
      workoutSessions: 0,
      activeDays: 0,
      averageAsleepHours: null,
      averageRestingHeartRateBpm: null,
    });
    expect(g.dataProfile).toMatchObject({ hasData: false, daysWithData: 0, sources: [], kinds: [], firstDataDate: null });
    const p = await pillar(org, m, "sleep");
    expect(p.body.data).toMatchObject({ status: "no_data", score: null, parts: [], baselineWindow: null });
    expect(p.body.data.days).toHaveLength(28);
  });

  it("says when the data has lapsed", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const today = todayOf(m);
    await push(org, m, [{ dataType: "steps", recordedAt: noonZ(addDays(today, -30)), count: 9000 }]);
    const g = (await digest(org, m)).body.data;
    expect(g.variant).toBe("lapsed");
    expect(g.pillars.every((p: { status: string }) => p.status === "no_data")).toBe(true);
    expect(g.summary).toContain(`latest on ${shortDay(addDays(today, -30))}`);
  });

  it("takes the day of a date-time in the member's time zone", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0); // America/New_York
    const day = addDays(todayOf(m), -3);
    const res = await digest(org, m, `${addDays(day, 1)}T03:30:00Z`);
    expect(res.body.data.date).toBe(day);
    expect((await digest(org, m, `${day}T20:30:00-05:00`)).body.data.date).toBe(day);
    expectError(await digest(org, m, addDays(todayOf(m), 1)), 400, "BadRequest");
    expectError(await digest(org, m, new Date(Date.now() + 3 * 86_400_000).toISOString()), 400, "BadRequest");
    expectError(await digest(org, m, "yesterday"), 400, "ValidationError");
    expectError(await digest(org, m, "2025-02-30"), 400, "ValidationError");
    expectError(await call(`${pathOf(org, m.id)}/insights/digest?day=2025-01-01`, { key: org.key }), 400, "ValidationError");
  });

  it("caches per member-local day and recomputes when its data changes", async () => {
    const { org, m, D, d } = await memberWithKnownWeek();
    const first = (await digest(org, m, D)).body.data;
    const again = (await digest(org, m, D)).body.data;
    expect(again).toEqual(first);
    // The same cached digest whichever way the member and the day are named.
    expect((await call(`${pathOf(org, m.externalId)}/insights/digest?date=${D}`, { key: org.key })).body.data).toEqual(first);
    expect((await call(`${pathOf(org, m.email)}/insights/digest?date=${D}T12:00:00Z`, { key: org.key })).body.data).toEqual(first);
    const [row] = await getDb()
      .select()
      .from(insightDigests)
      .where(and(eq(insightDigests.endUserId, m.id), eq(insightDigests.localDate, D)));
    expect(row!.digest).toEqual(first);

    // Data after the digest's day does not touch it.
    await push(org, m, [{ dataType: "hydration", recordedAt: noonZ(d(1)), volumeMl: 500 }]);
    expect((await digest(org, m, D)).body.data.generatedAt).toBe(first.generatedAt);

    // New data for the day itself does.
    await push(org, m, [{ dataType: "hydration", recordedAt: noonZ(D), volumeMl: 1200 }]);
    const fresh = (await digest(org, m, D)).body.data;
    expect(fresh.generatedAt).not.toBe(first.generatedAt);
    expect(fresh.week.days[6].hydrationMl).toBe(1200);

    // So does data in the baseline window (D-20 joins the movement baseline: 12 points, mean 80.8).
    await push(org, m, [{ dataType: "steps", recordedAt: noonZ(d(-20)), count: 9000 }]);
    const rebased = (await digest(org, m, D)).body.data;
    expect(byType(rebased, "movement").trend).toEqual({ direction: "up", delta: 19.2, baseline: 80.8, baselinePoints: 12 });

    // A workout session completed through the session API (no insights write at all) invalidates it too.
    await completeSession(org, m, noonZ(D), 1800);
    const withSession = (await digest(org, m, D)).body.data;
    expect(withSession.week.totals.workoutSessions).toBe(1);
    expect(byType(withSession, "movement").evidence.find((e: { metric: string }) => e.metric === "activeMinutesToday").value).toBe(30);

    // Nutrition writes and deletes as well.
    await logMeal(org, m, { externalId: "late", caloriesKcal: 400, loggedAt: noonZ(D) });
    const withMeal = (await digest(org, m, D)).body.data;
    expect(withMeal.week.days[6].caloriesKcal).toBe(400);
    await call(`${pathOf(org, m.id)}/nutrition/log/late`, { key: org.key, method: "DELETE" });
    expect((await digest(org, m, D)).body.data.week.days[6].caloriesKcal).toBeNull();
    await call(`${pathOf(org, m.id)}/insights/health-data/hydration/day-${D}`, { key: org.key, method: "DELETE" });
    expect((await digest(org, m, D)).body.data.week.days[6].hydrationMl).toBeNull();
  });

  it("is 404 for suspended or unknown members, runs the auth matrix and weighs 10", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    // The key's first request learns the authoritative count: it shows the full weight.
    const first = await digest(org, m);
    expect(Number(first.headers.get("x-ratelimit-limit")) - Number(first.headers.get("x-ratelimit-remaining"))).toBe(10);
    expectError(await call(`${pathOf(org, org.library.suspendedEndUser.id)}/insights/digest`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${pathOf(org, "ghost@example.com")}/insights/digest`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, `${pathOf(org, m.id)}/insights/digest`);
    expectError(await call(`${pathOf(org, m.id)}/insights/digest`, { token: org.accessToken }), 401, "Unauthorized");
    expect((await call(`${pathOf(org, m.externalId)}/insights/digest`, { key: org.key })).status).toBe(200);

    // A cached digest is never served once its member is suspended, nor to another organization.
    expect((await digest(org, m)).status).toBe(200);
    const other = await createLibraryOrg({ name: "Other Studio" });
    expectError(await call(`${pathOf(other, m.id)}/insights/digest`, { key: other.key }), 404, "NotFound");
    await getDb().update(endUsers).set({ status: "suspended" }).where(eq(endUsers.id, m.id));
    expectError(await digest(org, m), 404, "NotFound");
  });
});

describe("digest prose from a configured model", () => {
  afterEach(() => overrideLanguageModel(undefined));

  it("lets the model rephrase sentences but never change a number", async () => {
    const { org, m, D } = await memberWithKnownWeek();
    const template = (await digest(org, m, D)).body.data;
    expect(template.proseSource).toBe("template");
    const { model, prompts } = mockJsonModel((prompt) => {
      const texts = JSON.parse(prompt.slice(prompt.indexOf("{")));
      return {
        summary: `Good morning! ${texts.summary}`,
        focusMessage: "Take it slow today: 99 minutes of yoga.", // invents a number: the template stays
        shareText: texts.shareText,
        pillars: [
          {
            pillarType: "movement",
            summary: `Lovely work: ${texts.pillars.find((p: { pillarType: string }) => p.pillarType === "movement").summary.replace("Score", "your score is")}`,
          },
          { pillarType: "sleep", summary: "You slept 13.37 hours." }, // not a number of the sleep text: the template stays
        ],
      };
    });
    overrideLanguageModel(model);
    const g = (await digest(org, m, addDays(D, -1))).body.data; // another day: not cached yet
    expect(prompts).toHaveLength(1);
    expect(g.proseSource).toBe("model");
    expect(g.summary).toMatch(/^Good morning! Movement 100/);
    expect(byType(g, "movement").summary).toMatch(/^Lovely work: 10,000 steps on .*your score is 100/);
    expect(byType(g, "sleep").summary).toMatch(/h asleep/);
    expect(g.todaysFocus.message).not.toContain("99 minutes");
    // The numbers are the template digest's numbers for that day.
    overrideLanguageModel(null);
    const plain = (await pillar(org, m, "movement", addDays(D, -1))).body.data;
    expect(byType(g, "movement").score).toBe(plain.score);
    expect(byType(g, "movement").evidence).toEqual(plain.evidence);
  });

  it("keeps the template prose when the model fails", async () => {
    const { org, m, D } = await memberWithKnownWeek();
    overrideLanguageModel(mockInvalidModel());
    const g = (await digest(org, m, D)).body.data;
    expect(g.proseSource).toBe("template");
    expect(g.summary).toBe("Movement 100 (up 20), Sleep 90 (down 10), Recovery 58 (down 42), Nutrition 82, Hydration 71. Readiness 74 (moderate).");
  });
});

describe("GET insights/pillars/{pillarType}", () => {
  it("explains a pillar: parts, formula, baseline window and daily scores", async () => {
    const { org, m, D, d } = await memberWithKnownWeek();
    const res = await pillar(org, m, "movement", D);
    expect(res.status, res.text).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({
      pillarType: "movement",
      date: D,
      status: "scored",
      score: 100,
      scoredDate: d(-1),
      baselineWindow: { startDate: d(-29), endDate: d(-2) },
    });
    expect(p.parts).toEqual([{ key: "steps", label: "Steps against 10000", value: 100, weight: 1 }]);
    expect(p.formula).toContain("min(steps / 10000, 1) x 100");
    expect(p.days).toHaveLength(28);
    expect(p.days.at(-1)).toEqual({ date: D, hasData: true, score: 30 });
    expect(p.days.slice(-7).map((x: { score: number }) => x.score)).toEqual([60, 70, 80, 90, 100, 100, 30]);

    const sleep = (await pillar(org, m, "sleep", D)).body.data;
    expect(sleep.parts).toEqual([
      { key: "duration", label: "Time asleep against 7-9 h", value: 85.7, weight: 0.7 },
      { key: "efficiency", label: "Efficiency between 65% and 85%", value: 100, weight: 0.3 },
    ]);
    // Consistency is a valid pillar without data for this member.
    expect((await pillar(org, m, "consistency", D)).body.data).toMatchObject({ status: "no_data", score: null });
  });

  it("rejects unknown pillars (400) and unknown members (404), and runs the auth matrix", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const err = expectError(await pillar(org, m, "mood"), 400, "ValidationError");
    expect(err.details![0]!.target).toBe("pillarType");
    expectError(await call(`${pathOf(org, org.library.suspendedEndUser.email)}/insights/pillars/sleep`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, `${pathOf(org, m.id)}/insights/pillars/sleep`);
    for (const type of ["movement", "sleep", "recovery", "nutrition", "consistency", "hydration"]) expect((await pillar(org, m, type)).status).toBe(200);
  });
});
