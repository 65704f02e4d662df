import { describe, expect, it } from "vitest";
import { parseRangeHeader } from "./range";

describe("parseRangeHeader", () => {
  const size = 1000;

  it("reads closed, open-ended and suffix ranges", () => {
    expect(parseRangeHeader("bytes=0-99", size)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader("bytes=0-0", size)).toEqual({ start: 0, end: 0 });
    expect(parseRangeHeader("bytes=500-", size)).toEqual({ start: 500, end: 999 });
    expect(parseRangeHeader("bytes=-100", size)).toEqual({ start: 900, end: 999 });
    expect(parseRangeHeader(" Bytes = 10 - 20 ", size)).toEqual({ start: 10, end: 20 });
  });

  it("clamps ends past the file and oversized suffixes", () => {
    expect(parseRangeHeader("bytes=900-5000", size)).toEqual({ start: 900, end: 999 });
    expect(parseRangeHeader("bytes=-5000", size)).toEqual({ start: 0, end: 999 });
    expect(parseRangeHeader("bytes=999-999", size)).toEqual({ start: 999, end: 999 });
  });

  it("reports ranges that start past the end as unsatisfiable", () => {
    expect(parseRangeHeader("bytes=1000-", size)).toBe("unsatisfiable");
    expect(parseRangeHeader("bytes=1000-1001", size)).toBe("unsatisfiable");
    expect(parseRangeHeader("bytes=-0", size)).toBe("unsatisfiable");
    expect(parseRangeHeader("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRangeHeader("bytes=-10", 0)).toBe("unsatisfiable");
  });

  it("ignores absent, malformed, multi-range and other-unit headers (whole file)", () => {
    for (const header of [
      null,
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "bytes=abc",
      "bytes=5-2",
      "bytes=0-1,5-6",
      "items=0-5",
      "bytes=1.5-3",
      "bytes=99999999999999999999-",
    ]) {
      expect(parseRangeHeader(header, size), String(header)).toBeNull();
    }
  });
});
