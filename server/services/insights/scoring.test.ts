import { describe, expect, it } from "vitest";
import { buildDigest, choosePillars, highlightsOf } from "./build-digest";
import { summarizeDay } from "./day-summary";
import { keepsNumbers, numbersIn } from "./model-prose";
import { EntryRejection, normalizeValues } from "./health-fields";
import { addDays, dayRange, daysBetween, localDateOf } from "./local-date";
import { PILLARS, readinessOf, scoredDayOf, sleepDurationPart, trendOf } from "./scoring";
import type { DataWindow, DayData } from "./window";

const END = "2025-03-31";

function windowOf(days: Partial<DayData>[]): DataWindow {
  const map = new Map<string, DayData>();
  for (const d of days) map.set(d.date!, { values: {}, sources: {}, activities: [], sessions: [], entryCounts: {}, ...d } as DayData);
  return { start: addDays(END, -89), end: END, timeZone: "UTC", days: map, fingerprint: "" };
}
const on = (n: number) => addDays(END, n);
const activity = (durationS: number, extra: Record<string, unknown> = {}) => ({
  externalId: `a${durationS}`,
  activityType: "running",
  startedAt: "",
  durationS,
  source: "api" as const,
  ...extra,
});

describe("local days", () => {
  it("does calendar arithmetic across DST and month ends", () => {
    expect(addDays("2025-03-30", 1)).toBe("2025-03-31");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(daysBetween("2025-03-01", "2025-03-31")).toBe(30);
    expect(dayRange("2025-03-29", "2025-04-01")).toEqual(["2025-03-29", "2025-03-30", "2025-03-31", "2025-04-01"]);
  });
  it("maps instants to member-local days", () => {
    expect(localDateOf(new Date("2025-01-15T03:30:00Z"), "America/New_York")).toBe("2025-01-14");
    expect(localDateOf(new Date("2025-07-15T03:59:00Z"), "America/New_York")).toBe("2025-07-14");
    expect(localDateOf(new Date("2025-07-15T04:00:00Z"), "America/New_York")).toBe("2025-07-15");
    expect(localDateOf(new Date("2025-01-15T23:30:00Z"), "Europe/Berlin")).toBe("2025-01-16");
  });
  it("agrees with Intl every 30 s around midnights and offset changes (quarter-hour memo)", () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const exact = (ms: number, timeZone: string) => {
      let f = formats.get(timeZone);
      if (!f) {
        f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
        formats.set(timeZone, f);
      }
      return f.format(ms);
    };
    // DST in spring and autumn, a 30-minute DST (Lord Howe), +5:45, +12:45/+13:45, -3:30/-2:30 and a seconds offset.
    const cases: [string, string][] = [
      ["America/New_York", "2025-03-09T00:00:00Z"],
      ["America/New_York", "2025-11-02T00:00:00Z"],
      ["Australia/Lord_Howe", "2025-04-05T10:00:00Z"],
      ["Asia/Kathmandu", "2025-06-01T15:00:00Z"],
      ["Pacific/Chatham", "2025-04-05T09:00:00Z"],
      ["America/St_Johns", "2025-11-02T00:00:00Z"],
      ["Africa/Monrovia", "1970-06-01T00:00:00Z"], // -0:44:30 until 1972: midnight inside a quarter-hour
    ];
    const wrong: string[] = [];
    let checked = 0;
    for (const [zone, from] of cases) {
      const start = Date.parse(from);
      for (let s = 0; s < 24 * 3600; s += 30) {
        const ms = start + s * 1000 + (s % 7);
        const got = localDateOf(new Date(ms), zone);
        const want = exact(ms, zone);
        checked++;
        if (got !== want) wrong.push(`${zone} ${new Date(ms).toISOString()}: ${got}, Intl says ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(cases.length * 2880);
    expect(localDateOf(new Date("2025-01-15T23:59:59.999Z"), "UTC")).toBe("2025-01-15");
  });
});

describe("entry rules", () => {
  const now = new Date("2025-03-31T12:00:00Z");
  it("derives sleep fields", () => {
    expect(normalizeValues("sleep", { startedAt: "2025-03-30T22:00:00Z", endedAt: "2025-03-31T06:00:00Z", awakeS: 1800, latencyS: 600 }, now)).toEqual({
      startedAt: "2025-03-30T22:00:00Z",
      endedAt: "2025-03-31T06:00:00Z",
      awakeS: 1800,
      latencyS: 600,
      inBedS: 28_800,
      asleepS: 26_400,
      efficiencyPct: 91.7,
    });
    expect(normalizeValues("sleep", { asleepS: 25_000 }, now)).toEqual({ asleepS: 25_000 });
  });
  it("rejects with reasons", () => {
    const reason = (type: Parameters<typeof normalizeValues>[0], v: Record<string, unknown>) => {
      try {
        normalizeValues(type, v, now);
        return null;
      } catch (e) {
        expect(e).toBeInstanceOf(EntryRejection);
        return (e as Error).message;
      }
    };
    expect(reason("sleep", { startedAt: "2025-03-30T22:00:00Z" })).toBe("startedAt and endedAt are sent together.");
    expect(reason("sleep", { startedAt: "2025-03-29T22:00:00Z", endedAt: "2025-03-31T06:00:00Z" })).toBe("A sleep period lasts at most 24 hours.");
    expect(reason("sleep", { asleepS: 30_000, startedAt: "2025-03-30T22:00:00Z", endedAt: "2025-03-31T06:00:00Z" })).toBe(
      "asleepS is longer than the time in bed.",
    );
    expect(reason("activity", { activityType: "running", durationS: 600, avgHeartRateBpm: 180, maxHeartRateBpm: 170 })).toBe(
      "avgHeartRateBpm is above maxHeartRateBpm.",
    );
    expect(reason("activity", { activityType: "running", durationS: 600, heartRateZonesS: [600, 100, 0, 0, 0] })).toBe(
      "heartRateZonesS adds up to more than durationS.",
    );
    expect(reason("heart_rate", { restingBpm: 10 })).toBe("restingBpm must be between 25 and 200.");
    expect(reason("activity", { activityType: "running", durationS: 600, workoutSessionId: "abc" })).toBe(
      "workoutSessionId must be a 24-character hexadecimal id.",
    );
    expect(reason("scores", { vendor: "oura" })).toContain("at least one of readinessScore");
  });
});

describe("day summaries", () => {
  const at = (h: number) => new Date(`2025-03-31T${String(h).padStart(2, "0")}:00:00Z`);
  it("sums, takes the latest or weights by time asleep, pushed values first", () => {
    const s = summarizeDay(
      [
        { dataType: "steps", externalId: "a", recordedAt: at(9), values: { count: 3000 }, valueSources: { count: "wearable" } },
        { dataType: "steps", externalId: "b", recordedAt: at(10), values: { count: 4000 }, valueSources: { count: "wearable" } },
        { dataType: "heart_rate", externalId: "c", recordedAt: at(6), values: { restingBpm: 50 }, valueSources: { restingBpm: "api" } },
        {
          dataType: "heart_rate",
          externalId: "d",
          recordedAt: at(8),
          values: { restingBpm: 53, hrvRmssdMs: 40 },
          valueSources: { restingBpm: "api", hrvRmssdMs: "api" },
        },
        { dataType: "heart_rate", externalId: "e", recordedAt: at(9), values: { restingBpm: 70 }, valueSources: { restingBpm: "wearable" } },
        {
          dataType: "sleep",
          externalId: "f",
          recordedAt: at(6),
          values: { asleepS: 21_600, efficiencyPct: 90 },
          valueSources: { asleepS: "api", efficiencyPct: "api" },
        },
        {
          dataType: "sleep",
          externalId: "g",
          recordedAt: at(15),
          values: { asleepS: 3600, efficiencyPct: 60 },
          valueSources: { asleepS: "api", efficiencyPct: "api" },
        },
      ],
      [
        { caloriesKcal: 500, proteinG: 30, carbsG: null, fatG: null },
        { caloriesKcal: 700, proteinG: null, carbsG: 80, fatG: null },
      ],
    )!;
    expect(s.values).toEqual({
      "steps.count": 7000,
      "heart_rate.restingBpm": 53, // latest pushed value; the later wearable 70 loses
      "heart_rate.hrvRmssdMs": 40,
      "sleep.asleepS": 25_200,
      "sleep.efficiencyPct": (90 * 21_600 + 60 * 3600) / 25_200,
      "nutrition.caloriesKcal": 1200,
      "nutrition.proteinG": 30,
      "nutrition.carbsG": 80,
    });
    expect(s.sources["steps.count"]).toBe("wearable");
    expect(s.sources["heart_rate.restingBpm"]).toBe("api");
    expect(s.entryCounts).toEqual({ steps: 2, heart_rate: 3, sleep: 2, nutrition: 2 });
    expect(summarizeDay([], [])).toBeNull();
  });
});

describe("pillar formulas", () => {
  it("scores sleep duration", () => {
    expect(sleepDurationPart(3.5)).toBe(50);
    expect(sleepDurationPart(7)).toBe(100);
    expect(sleepDurationPart(9)).toBe(100);
    expect(sleepDurationPart(10)).toBe(80);
    expect(sleepDurationPart(15)).toBe(0);
  });

  it("counts a tracked input that is missing on the day as 0", () => {
    const w = windowOf([
      { date: on(-3), values: { "steps.count": 10_000 } },
      { date: on(-1), activities: [activity(900)] },
    ]);
    // Steps were tracked 2 days earlier, so the missing steps count as 0: mean(0, 15/30*100) = 25.
    expect(PILLARS.movement.score(w, on(-1))).toMatchObject({ score: 25 });
    expect(PILLARS.movement.score(w, on(-3))).toMatchObject({ score: 100 });
  });

  it("scores recovery against the member's baseline once 3 days exist, else references", () => {
    const w = windowOf([
      { date: on(-4), values: { "heart_rate.restingBpm": 60 } },
      { date: on(-3), values: { "heart_rate.restingBpm": 62 } },
      { date: on(-2), values: { "heart_rate.restingBpm": 64, "heart_rate.hrvRmssdMs": 40 } },
      { date: on(-1), values: { "heart_rate.restingBpm": 65, "heart_rate.hrvRmssdMs": 30 } },
      { date: on(0), values: { "scores.recoveryScore": 44 } },
    ]);
    expect(PILLARS.recovery.score(w, on(-2))!.score).toBe(70); // 2 prior days: references 60 bpm / 50 ms, mean(100 - 40, 100 * 40 / 50)
    expect(PILLARS.recovery.score(w, on(-1))!.score).toBe(65); // rhr baseline 62 (3 days): 100 - 30 = 70; hrv reference 50: 60
    expect(PILLARS.recovery.score(w, on(0))!.score).toBe(44); // vendor score only
  });

  it("prefers complete days for sums, falling back to a partial today", () => {
    const w = windowOf([
      { date: on(0), values: { "hydration.volumeMl": 1000 } },
      { date: on(-5), values: { "sleep.asleepS": 28_800 } },
    ]);
    expect(scoredDayOf(w, "hydration", on(0))).toEqual({ day: on(0), partial: true });
    expect(scoredDayOf(w, "sleep", on(0))).toEqual({ day: on(-5), partial: false });
    expect(scoredDayOf(w, "sleep", on(9))).toBeNull(); // older than 14 days
    const w2 = windowOf([
      { date: on(0), values: { "hydration.volumeMl": 1000 } },
      { date: on(-2), values: { "hydration.volumeMl": 2450 } },
    ]);
    expect(scoredDayOf(w2, "hydration", on(0))).toEqual({ day: on(-2), partial: false });
    expect(PILLARS.hydration.score(w2, on(-2))!.score).toBe(100); // 2450 ml = 35 ml * 70 kg reference
  });

  it("calls a trend at +-5 points with 3 baseline days", () => {
    const sleepDay = (n: number, h: number) => ({ date: on(n), values: { "sleep.asleepS": h * 3600 } });
    const w = windowOf([sleepDay(-3, 7), sleepDay(-2, 7), sleepDay(-1, 6.65), sleepDay(0, 7)]);
    // Baseline scores 100, 100, 95 -> 98.3; today 100 -> +1.7 steady.
    expect(trendOf(w, "sleep", on(0), 100)).toEqual({ direction: "steady", delta: 1.7, baseline: 98.3, baselinePoints: 3 });
    expect(trendOf(w, "sleep", on(0), 93.3).direction).toBe("down");
    expect(trendOf(w, "sleep", on(-1), 95)).toMatchObject({ direction: "building_baseline", baselinePoints: 2 });
  });

  it("scores consistency over 7 days and its trend over the 4 weeks before", () => {
    const days: Partial<DayData>[] = [];
    for (let i = 0; i < 42; i++) if (i % 7 < 2) days.push({ date: on(-i), sessions: [{ id: `s${i}`, durationS: 1200 }] });
    const w = windowOf(days);
    expect(PILLARS.consistency.score(w, on(0))!.score).toBe(40);
    // The 28 days before: windows ending 7, 14, 21 and 28 days earlier with 2 active days each (40), first activity 36 days ago.
    expect(trendOf(w, "consistency", on(0), 40)).toEqual({ direction: "steady", delta: 0, baseline: 40, baselinePoints: 4 });
  });

  it("gives readiness levels from sleep and heart recovery", () => {
    const w = windowOf([{ date: on(0), values: { "sleep.asleepS": 3.5 * 3600, "heart_rate.restingBpm": 60 } }]);
    expect(readinessOf(w, on(0))).toEqual({ score: 75, level: "high", sleepScore: 50, recoveryScore: 100 });
    const low = windowOf([{ date: on(0), values: { "sleep.asleepS": 3.5 * 3600, "heart_rate.restingBpm": 70 } }]);
    expect(readinessOf(low, on(0))).toMatchObject({ score: 25, level: "low" });
    expect(readinessOf(windowOf([{ date: on(0), values: { "sleep.asleepS": 28_800 } }]), on(0))).toBeNull();
  });
});

describe("digest assembly", () => {
  it("keeps 3 to 5 pillars in preference order", () => {
    const full = windowOf([
      { date: on(-1), values: { "steps.count": 5000, "nutrition.caloriesKcal": 2000, "hydration.volumeMl": 1500 }, activities: [activity(1800)] },
      { date: on(0), values: { "sleep.asleepS": 28_800, "heart_rate.restingBpm": 55 } },
    ]);
    expect(choosePillars(full, on(0)).map((p) => p.pillarType)).toEqual(["movement", "sleep", "recovery", "nutrition", "consistency"]);
    const one = windowOf([{ date: on(-1), values: { "hydration.volumeMl": 1500 } }]);
    expect(choosePillars(one, on(0)).map((p) => [p.pillarType, p.status])).toEqual([
      ["movement", "no_data"],
      ["sleep", "no_data"],
      ["hydration", "scored"],
    ]);
  });

  it("focuses recovery when readiness is low", () => {
    const w = windowOf([
      { date: on(-1), values: { "steps.count": 1000 } },
      { date: on(0), values: { "sleep.asleepS": 3 * 3600, "heart_rate.restingBpm": 70 } },
    ]);
    const g = buildDigest(w, on(0), new Date("2025-03-31T08:00:00Z"));
    expect(g.readiness?.level).toBe("low");
    expect(g.todaysFocus.pillarType).toBe("recovery");
    expect(g.todaysFocus.message).toMatch(/^Readiness is low\./);
    expect(highlightsOf(w, on(0)).map((h) => h.code)).toEqual(["short_night"]);
  });
});

describe("model prose guard", () => {
  it("reads numbers and refuses rewrites that bring new ones", () => {
    expect(numbersIn("12,000 steps, 7.5 h and Movement 100, Sleep 90 (up 5).")).toEqual(["12000", "7.5", "100", "90", "5"]);
    expect(keepsNumbers("12,000 steps and 30 minutes", "Thirty minutes and 12,000 steps!")).toBe(true);
    expect(keepsNumbers("12,000 steps", "12000 steps")).toBe(true);
    expect(keepsNumbers("12,000 steps", "about 12k steps")).toBe(false);
    expect(keepsNumbers("Score 58", "Score 60")).toBe(false);
  });
});
