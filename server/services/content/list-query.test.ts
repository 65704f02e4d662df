import { describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "@/db/queries/workouts";
import { parseCategoryTokens, parseDurationRange, parseSort, searchWords } from "./list-query";

const FIELDS = ["createdAt", "name", "duration"] as const;

describe("parseSort", () => {
  it("reads +field, -field, bare fields and a + that arrived as a space", () => {
    expect(parseSort("-createdAt", FIELDS)).toEqual({ ok: true, value: [{ field: "createdAt", direction: "desc" }] });
    expect(parseSort("+name,-duration", FIELDS)).toEqual({
      ok: true,
      value: [
        { field: "name", direction: "asc" },
        { field: "duration", direction: "desc" },
      ],
    });
    expect(parseSort(" name", FIELDS)).toEqual({ ok: true, value: [{ field: "name", direction: "asc" }] });
    expect(parseSort("duration", FIELDS)).toEqual({ ok: true, value: [{ field: "duration", direction: "asc" }] });
  });

  it("maps aliases and rejects unknown, repeated, malformed or empty keys", () => {
    expect(parseSort("-date", ["createdAt"] as const, { date: "createdAt" })).toEqual({ ok: true, value: [{ field: "createdAt", direction: "desc" }] });
    expect(parseSort("-rating", FIELDS).ok).toBe(false);
    expect(parseSort("name,-name", FIELDS).ok).toBe(false);
    expect(parseSort("--name", FIELDS).ok).toBe(false);
    expect(parseSort("name desc", FIELDS).ok).toBe(false);
    expect(parseSort(",", FIELDS).ok).toBe(false);
    expect(parseSort("constructor", FIELDS).ok).toBe(false);
  });
});

describe("parseDurationRange", () => {
  it("reads closed and open ranges in minutes as inclusive seconds", () => {
    expect(parseDurationRange("20-45")).toEqual({ ok: true, value: { minSeconds: 1200, maxSeconds: 2700 } });
    expect(parseDurationRange("60-")).toEqual({ ok: true, value: { minSeconds: 3600, maxSeconds: undefined } });
    expect(parseDurationRange("-30")).toEqual({ ok: true, value: { minSeconds: undefined, maxSeconds: 1800 } });
    expect(parseDurationRange("0-0")).toEqual({ ok: true, value: { minSeconds: 0, maxSeconds: 0 } });
  });

  it("rejects garbage, an empty range and min above max", () => {
    for (const bad of ["", "-", "abc", "20", "20-30-40", "a-b", "45-20", "1.5-3", "99999-"]) expect(parseDurationRange(bad).ok, bad).toBe(false);
  });
});

describe("parseCategoryTokens", () => {
  it("splits hex ids (lower-cased, deduplicated) from custom: names", () => {
    expect(parseCategoryTokens("AAAAAAAAAAAAAAAAAAAAAAAA, custom:Studio Picks ,aaaaaaaaaaaaaaaaaaaaaaaa,CUSTOM:Morning")).toEqual({
      ok: true,
      value: { ids: ["aaaaaaaaaaaaaaaaaaaaaaaa"], custom: ["Studio Picks", "Morning"] },
    });
  });

  it("rejects names without the custom: prefix, empty custom tokens and empty lists", () => {
    expect(parseCategoryTokens("strength").ok).toBe(false);
    expect(parseCategoryTokens("custom:").ok).toBe(false);
    expect(parseCategoryTokens(" , ").ok).toBe(false);
  });
});

describe("search helpers", () => {
  it("normalizes words and escapes LIKE wildcards", () => {
    expect(searchWords("  Core   CRUSHER core ")).toEqual(["core", "crusher"]);
    expect(searchWords("")).toEqual([]);
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(prefixPattern("a_b")).toBe("a\\_b%");
  });
});
