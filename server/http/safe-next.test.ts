import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it("keeps paths of this site, normalized", () => {
    expect(safeNext("/workouts?orgId=abc#top", "/")).toBe("/workouts?orgId=abc#top");
    expect(safeNext("/plans/../workouts", "/")).toBe("/workouts");
  });

  it("falls back for anything a browser would take to another site", () => {
    for (const next of ["//evil.example/x", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "\\\\evil.example", "https://evil.example", "javascript:alert(1)", "evil.example", "", null, undefined]) {
      expect(safeNext(next, "/fallback"), String(next)).toBe("/fallback");
    }
  });
});
