import { describe, expect, it } from "vitest";
import { ScheduleSchema, nextRunAfter, scheduleProblem } from "./schedule";

const at = (iso: string) => new Date(iso);

describe("social publish schedules", () => {
  it("runs weekly schedules at local times in their time zone, across daylight-saving changes", () => {
    const s = { type: "weekly" as const, timeZone: "Europe/Berlin", days: ["mon", "fri"], times: ["18:30", "09:00"] };
    // Friday 28 March 2025, 10:00 in Berlin (CET, UTC+1): next is 18:30 the same day.
    expect(nextRunAfter(s, at("2025-03-28T09:00:00Z")).toISOString()).toBe("2025-03-28T17:30:00.000Z");
    // After Friday evening, Monday 31 March 09:00 in summer time (CEST, UTC+2).
    expect(nextRunAfter(s, at("2025-03-28T17:30:00Z")).toISOString()).toBe("2025-03-31T07:00:00.000Z");
  });

  it("evaluates cron cadences in their time zone", () => {
    const s = { type: "cron" as const, timeZone: "America/New_York", expression: "0 7 * * 1-5" };
    expect(nextRunAfter(s, at("2025-01-03T13:00:00Z")).toISOString()).toBe("2025-01-06T12:00:00.000Z");
    expect(nextRunAfter({ ...s, timeZone: "UTC" }, at("2025-01-06T06:59:59Z")).toISOString()).toBe("2025-01-06T07:00:00.000Z");
  });

  it("rejects schedules that are malformed or run closer than 15 minutes apart", () => {
    expect(scheduleProblem({ type: "cron", timeZone: "UTC", expression: "*/10 * * * *" })).toContain("15 minutes");
    expect(scheduleProblem({ type: "cron", timeZone: "UTC", expression: "*/15 * * * *" })).toBeNull();
    expect(scheduleProblem({ type: "cron", timeZone: "UTC", expression: "0 9 * *" })).toContain("five fields");
    expect(scheduleProblem({ type: "cron", timeZone: "UTC", expression: "61 9 * * *" })).toContain("not valid");
    expect(scheduleProblem({ type: "weekly", timeZone: "UTC", days: ["mon"], times: ["23:55", "00:05"] })).toContain("15 minutes");
    expect(scheduleProblem({ type: "weekly", timeZone: "UTC", days: ["mon"], times: ["08:00", "08:15"] })).toBeNull();
    expect(scheduleProblem({ type: "weekly", timeZone: "Nowhere/Land", days: ["mon"], times: ["08:00"] })).toContain("time zone");
  });

  it("parses request bodies: time zone defaults to UTC, unknown keys and bad values fail", () => {
    expect(ScheduleSchema.parse({ type: "weekly", days: ["sat"], times: ["10:00"] })).toEqual({
      type: "weekly",
      timeZone: "UTC",
      days: ["sat"],
      times: ["10:00"],
    });
    for (const bad of [
      { type: "weekly", days: [], times: ["10:00"] },
      { type: "weekly", days: ["sat", "sat"], times: ["10:00"] },
      { type: "weekly", days: ["sat"], times: ["7:00"] },
      { type: "weekly", days: ["sat"], times: ["10:00"], every: 2 },
      { type: "cron", expression: "0 9 * * * *" },
      { type: "daily", times: ["10:00"] },
    ]) {
      expect(ScheduleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
