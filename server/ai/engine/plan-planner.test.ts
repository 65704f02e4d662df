import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEEK_DAYS } from "../knowledge";
import { type PlanCandidate, progression, schedule } from "./plan-planner";

describe("plan progression (property)", () => {
  it("raises volume and intensity through build weeks, deloads every 4th week, respects the RPE cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom("beginner" as const, "intermediate" as const, "advanced" as const),
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: -2, max: 2 }),
        (weeks, days, level, cap, intensity) => {
          const ws = progression({ weeks, daysPerWeek: days, level, rpeCap: cap, intensity });
          expect(ws).toHaveLength(weeks);
          const builds = ws.filter((w) => w.phase !== "deload");
          for (let i = 1; i < builds.length; i++) {
            expect(builds[i]!.volumeFactor).toBeGreaterThanOrEqual(builds[i - 1]!.volumeFactor);
            expect(builds[i]!.targetRpe).toBeGreaterThanOrEqual(builds[i - 1]!.targetRpe);
          }
          for (const w of ws) {
            expect(w.targetRpe).toBeLessThanOrEqual(cap);
            expect(w.trainingDays).toEqual(WEEK_DAYS[days]);
            expect(w.phase === "deload").toBe(weeks >= 4 && w.week % 4 === 0);
            if (w.phase === "deload") expect(w.volumeFactor).toBeLessThan(1);
          }
          if (weeks >= 4) expect(ws.some((w) => w.phase === "deload")).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps rest days between sessions for up to 4 sessions a week", () => {
    for (const d of [2, 3, 4]) {
      const days = WEEK_DAYS[d]!;
      expect(days.length).toBe(d);
      expect(7 - days.length).toBeGreaterThanOrEqual(3);
    }
    expect(WEEK_DAYS[3]).toEqual([1, 3, 5]);
  });
});

describe("plan schedule", () => {
  const cat = (n: number) => `c${n}`.padEnd(24, "0");
  const candidates: PlanCandidate[] = Array.from({ length: 9 }, (_, i) => ({
    id: `w${i}`.padEnd(24, "0"),
    difficulty: (["beginner", "intermediate", "advanced"] as const)[Math.floor(i / 3) % 3]!,
    duration: 1800,
    categoryIds: [cat(i % 3)],
    preScore: 1,
    facts: undefined,
  }));

  it("fills every training day, never repeats a workout within a week and balances categories", () => {
    const weeks = progression({ weeks: 4, daysPerWeek: 3, level: "intermediate", rpeCap: 8 });
    const { sessions } = schedule({
      candidates,
      level: "intermediate",
      weeks,
      rotation: [cat(0), cat(1), cat(2)],
      recoveryCategoryId: null,
      signals: {},
      allowedEquipmentIds: null,
      seed: "x",
    });
    expect(sessions).toHaveLength(12);
    for (let w = 1; w <= 4; w++) {
      const week = sessions.filter((s) => s.week === w);
      expect(week.map((s) => s.day)).toEqual([1, 3, 5]);
      expect(new Set(week.map((s) => s.workoutId)).size).toBe(3);
      const cats = week.map((s) => candidates.find((c) => c.id === s.workoutId)!.categoryIds[0]);
      expect(new Set(cats).size).toBe(3);
    }
  });
});
