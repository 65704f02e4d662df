import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS, detailHref, filterQuery, libraryQuery, parseFlag, parseGridCols, parseLibraryParams } from "@/lib/library/query";

const ORG = "0123456789abcdef01234567";

describe("library query", () => {
  it("defaults: every show flag on, 3 columns, overlay", () => {
    expect(parseLibraryParams(new URLSearchParams(`orgId=${ORG}`))).toMatchObject({ orgId: ORG, badOrgId: null, offset: 0, flags: DEFAULT_FLAGS });
  });

  it("parses flags leniently", () => {
    expect(parseFlag("false", true)).toBe(false);
    expect(parseFlag("0", true)).toBe(false);
    expect(parseFlag("TRUE", false)).toBe(true);
    expect(parseFlag("maybe", true)).toBe(true);
    expect([parseGridCols("2"), parseGridCols("4"), parseGridCols("5"), parseGridCols("x"), parseGridCols(null), parseGridCols("3.0")]).toEqual([2, 4, 3, 3, 3, 3]);
    const p = parseLibraryParams({ orgId: ORG, showSearch: "false", playbackMode: "dedicated-page", gridCols: "4" });
    expect(p.flags).toMatchObject({ showSearch: false, playbackMode: "dedicated-page", gridCols: 4 });
    expect(parseLibraryParams({ orgId: ORG, playbackMode: "popup" }).flags.playbackMode).toBe("overlay");
  });

  it("keeps invalid orgIds apart from missing ones", () => {
    expect(parseLibraryParams({})).toMatchObject({ orgId: null, badOrgId: null });
    expect(parseLibraryParams({ orgId: "nope" })).toMatchObject({ orgId: null, badOrgId: "nope" });
    expect(parseLibraryParams({ orgId: ORG.toUpperCase() }).orgId).toBe(ORG);
  });

  it("parses filters from repeated keys and comma lists, dropping bad values", () => {
    const cat = "aaaaaaaaaaaaaaaaaaaaaaaa";
    const eq = "bbbbbbbbbbbbbbbbbbbbbbbb";
    const p = parseLibraryParams(new URLSearchParams(`orgId=${ORG}&categoryIds=${cat},junk&categoryIds=${cat}&equipmentIds=${eq}&difficulty=expert&duration=15-30&q=%20core%20&offset=12`));
    expect(p.filters).toEqual({ q: "core", difficulty: null, duration: "15-30", categoryIds: [cat], equipmentIds: [eq] });
    expect(p.offset).toBe(12);
    expect(parseLibraryParams({ duration: "soon" }).filters.duration).toBeNull();
    expect(parseLibraryParams({ duration: "45-" }).filters.duration).toBe("45-");
    expect(parseLibraryParams({ offset: "-4" }).offset).toBe(0);
    // The member's own list pages apart from the grid, with the same rules.
    expect(parseLibraryParams({ offset: "12", mineOffset: "24" })).toMatchObject({ offset: 12, mineOffset: 24 });
    expect(parseLibraryParams({ mineOffset: "1.5" }).mineOffset).toBe(0);
    expect(libraryQuery({ ...parseLibraryParams({ orgId: ORG }), mineOffset: 12 }).toString()).toBe(`orgId=${ORG}&mineOffset=12`);
  });

  it("writes a canonical query: only non-default flags", () => {
    const p = parseLibraryParams({ orgId: ORG, showSearch: "true", gridCols: "2", difficulty: "beginner", locale: "de-DE" });
    expect(libraryQuery(p).toString()).toBe(`orgId=${ORG}&gridCols=2&locale=de-DE&difficulty=beginner`);
    expect(filterQuery(p.filters, p.locale, 24).toString()).toBe("locale=de-DE&difficulty=beginner&offset=24&limit=12");
    expect(detailHref("workouts", "w1", p, "p1")).toBe(`/workouts/w1?orgId=${ORG}&gridCols=2&locale=de-DE&difficulty=beginner&planId=p1`);
  });

  it("round-trips", () => {
    const p = parseLibraryParams({ orgId: ORG, showFilters: "false", playbackMode: "dedicated-page", q: "a b", equipmentIds: "cccccccccccccccccccccccc", mineOffset: "12" });
    expect(parseLibraryParams(libraryQuery(p))).toEqual(p);
  });
});
