import { describe, expect, it } from "vitest";
import { nextRunAfter, nextRunOnActivate, retryNextDay, startOfUtcDay, startOfUtcMonth } from "./schedule";

const at = (iso: string) => new Date(iso);
const NOW = at("2025-03-10T12:00:00.000Z");

describe("nextRunOnActivate", () => {
  it("keeps a future nextRunAt whatever the mode", () => {
    for (const mode of ["daily", "weekly", "once"] as const) {
      expect(nextRunOnActivate(mode, at("2025-03-11T08:00:00Z"), NOW)).toEqual(at("2025-03-11T08:00:00Z"));
    }
  });

  it("runs once tasks now when nextRunAt is unset or past", () => {
    expect(nextRunOnActivate("once", null, NOW)).toEqual(NOW);
    expect(nextRunOnActivate("once", at("2025-03-01T08:00:00Z"), NOW)).toEqual(NOW);
  });

  it("schedules daily and weekly one period ahead, or at the next occurrence of a past time", () => {
    expect(nextRunOnActivate("daily", null, NOW)).toEqual(at("2025-03-11T12:00:00Z"));
    expect(nextRunOnActivate("weekly", null, NOW)).toEqual(at("2025-03-17T12:00:00Z"));
    expect(nextRunOnActivate("daily", at("2025-03-01T08:00:00Z"), NOW)).toEqual(at("2025-03-11T08:00:00Z"));
    expect(nextRunOnActivate("daily", at("2025-03-10T08:00:00Z"), NOW)).toEqual(at("2025-03-11T08:00:00Z"));
    expect(nextRunOnActivate("weekly", at("2025-03-03T08:00:00Z"), NOW)).toEqual(at("2025-03-17T08:00:00Z"));
    expect(nextRunOnActivate("daily", NOW, NOW)).toEqual(at("2025-03-11T12:00:00Z"));
  });
});

describe("nextRunAfter", () => {
  it("advances by the period past now and never replays missed occurrences", () => {
    expect(nextRunAfter("daily", at("2025-03-10T11:59:00Z"), NOW)).toEqual(at("2025-03-11T11:59:00Z"));
    expect(nextRunAfter("daily", at("2025-03-05T06:00:00Z"), NOW)).toEqual(at("2025-03-11T06:00:00Z"));
    expect(nextRunAfter("weekly", at("2025-03-10T11:00:00Z"), NOW)).toEqual(at("2025-03-17T11:00:00Z"));
    expect(nextRunAfter("once", at("2025-03-10T11:00:00Z"), NOW)).toBeNull();
  });
});

describe("UTC windows and the next-day retry", () => {
  it("computes day and month starts in UTC", () => {
    expect(startOfUtcDay(at("2025-03-10T23:59:59Z"))).toEqual(at("2025-03-10T00:00:00Z"));
    expect(startOfUtcMonth(at("2025-03-10T23:59:59Z"))).toEqual(at("2025-03-01T00:00:00Z"));
  });

  it("retries the next UTC day at the due time's time of day", () => {
    expect(retryNextDay(at("2025-03-10T09:30:00Z"), NOW)).toEqual(at("2025-03-11T09:30:00Z"));
    expect(retryNextDay(at("2025-03-08T22:00:00Z"), NOW)).toEqual(at("2025-03-11T22:00:00Z"));
  });
});
