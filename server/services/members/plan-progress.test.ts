import { describe, expect, it } from "vitest";
import { addDays, computePlanProgress, daysBetween, localDate } from "./plan-progress";

const schedule = [
  { week: 1, day: 1, position: 0, workoutId: "a", workoutName: "A" },
  { week: 1, day: 3, position: 0, workoutId: "b", workoutName: "B" },
  { week: 2, day: 1, position: 0, workoutId: "a", workoutName: "A" },
  { week: 2, day: 3, position: 0, workoutId: "b", workoutName: "B" },
];
const at = (iso: string, workoutId: string, id = `${workoutId}-${iso}`) => ({ id, workoutId, completedAt: new Date(iso) });

describe("plan progress", () => {
  it("does calendar arithmetic on plain dates", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
    expect(localDate(new Date("2026-11-22T03:00:00Z"), "America/New_York")).toBe("2026-11-21");
    expect(localDate(new Date("2026-11-22T03:00:00Z"), "Not/AZone")).toBe("2026-11-22");
  });

  it("is upcoming before the start date and counts nothing done before it", () => {
    const p = computePlanProgress({
      startDate: "2026-03-02",
      today: "2026-03-01",
      timeZone: "UTC",
      durationWeeks: 2,
      schedule,
      sessions: [at("2026-03-01T10:00:00Z", "a")],
    });
    expect(p).toMatchObject({
      status: "upcoming",
      currentWeek: null,
      currentDay: null,
      completedWorkouts: 0,
      scheduledWorkouts: 4,
      percentage: 0,
      endDate: "2026-03-15",
    });
    expect(p.workouts.map((w) => w.scheduledDate)).toEqual(["2026-03-02", "2026-03-04", "2026-03-09", "2026-03-11"]);
  });

  it("fills the earliest open slot of each workout once per completed session", () => {
    const p = computePlanProgress({
      startDate: "2026-03-02",
      today: "2026-03-10",
      timeZone: "UTC",
      durationWeeks: 2,
      schedule,
      sessions: [at("2026-03-09T10:00:00Z", "a", "s2"), at("2026-03-02T10:00:00Z", "a", "s1"), at("2026-03-03T10:00:00Z", "c")],
    });
    expect(p).toMatchObject({ status: "inProgress", currentWeek: 2, currentDay: 2, completedWorkouts: 2, percentage: 50 });
    expect(p.workouts.map((w) => w.sessionId)).toEqual(["s1", null, "s2", null]);
  });

  it("uses the member's time zone for the start-date cut and is finished after the last week", () => {
    const p = computePlanProgress({
      startDate: "2026-03-02",
      today: "2026-03-20",
      timeZone: "America/Los_Angeles",
      durationWeeks: 2,
      schedule,
      // 2026-03-02 05:00 UTC is still March 1st in Los Angeles: before the plan.
      sessions: [at("2026-03-02T05:00:00Z", "a"), at("2026-03-04T20:00:00Z", "b")],
    });
    expect(p).toMatchObject({ status: "finished", currentWeek: 2, currentDay: 7, completedWorkouts: 1, percentage: 25 });
  });
});
