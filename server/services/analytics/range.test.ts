import { describe, expect, it } from "vitest";
import { bucketStarts, resolveRange } from "./range";

describe("bucketStarts", () => {
  it("lists every day of a range, across a month and a year end", () => {
    expect(bucketStarts({ from: "2025-12-30", to: "2026-01-02", interval: "day", days: 4 })).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(bucketStarts({ from: "2024-02-28", to: "2024-03-01", interval: "day", days: 3 })).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });

  it("lists the Mondays of the weeks a range touches", () => {
    // 2026-11-25 is a Wednesday: its week starts on Monday 2026-11-23.
    expect(bucketStarts({ from: "2026-11-25", to: "2026-12-08", interval: "week", days: 14 })).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(bucketStarts({ from: "2026-11-23", to: "2026-11-23", interval: "week", days: 1 })).toEqual(["2026-11-23"]);
  });

  it("answers a range asked again from its cache, unchanged", () => {
    const range = resolveRange({ from: "2026-01-01", to: "2026-03-31" }, "query");
    const first = bucketStarts(range);
    expect(first).toHaveLength(90);
    expect(bucketStarts({ ...range })).toBe(first);
    expect(first[0]).toBe("2026-01-01");
    expect(first.at(-1)).toBe("2026-03-31");
  });
});
