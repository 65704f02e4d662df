import { describe, expect, it } from "vitest";
import { type DropCandidate, insightsFocus, rankDrops } from "./drop-ranker";

const now = new Date("2025-06-01T12:00:00Z");
const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
const candidate = (id: string, over: Partial<DropCandidate> = {}): DropCandidate => ({
  id,
  title: id,
  sourceType: "workout",
  categoryKeys: [],
  createdAt: days(5),
  completions: 0,
  rating: null,
  postsRecent: 0,
  postedLast: false,
  ...over,
});

describe("drop ranker", () => {
  it("ai_pick prefers engagement, then freshness, and avoids the drop posted last", () => {
    const ranked = rankDrops([candidate("quiet"), candidate("popular", { completions: 40, rating: 4.6 }), candidate("fresh", { createdAt: days(0) })], {
      mode: "ai_pick",
      insights: null,
      now,
      seed: "s",
    });
    expect(ranked.map((r) => r.id)).toEqual(["popular", "fresh", "quiet"]);
    expect(ranked[0]!.reason).toContain("40 completed sessions");
    const again = rankDrops(
      [candidate("popular", { completions: 40, rating: 4.6, postedLast: true, postsRecent: 1 }), candidate("fresh", { createdAt: days(0) })],
      { mode: "ai_pick", insights: null, now, seed: "s" },
    );
    expect(again[0]!.id).toBe("fresh");
  });

  it("ai_insights puts what the members need first", () => {
    const focus = insightsFocus({
      members: 12,
      asleepS: 6 * 3600,
      steps: 9000,
      readiness: 72,
      stress: 40,
      trained: new Map([
        ["strength", 30],
        ["cardio", 12],
        ["core", 8],
      ]),
    });
    expect(focus!.categories.slice(0, 3)).toEqual(["recovery", "mobility", "yoga"]);
    expect(focus!.categories).toContain("mobility");
    expect(focus!.lines[0]).toContain("6.0 h");
    const ranked = rankDrops(
      [
        candidate("hiit", { categoryKeys: ["hiit", "cardio"], completions: 50, rating: 5 }),
        candidate("stretch", { categoryKeys: ["mobility", "recovery"], completions: 3 }),
      ],
      { mode: "ai_insights", insights: focus, now, seed: "s" },
    );
    expect(ranked.map((r) => r.id)).toEqual(["stretch", "hiit"]);
    expect(ranked[0]!.reason).toContain("matches what the members need");
  });

  it("has no insights without data, and breaks ties the same way for the same seed", () => {
    expect(insightsFocus({ members: 0, asleepS: null, steps: null, readiness: null, stress: null, trained: new Map() })).toBeNull();
    const tied = ["a", "b", "c", "d"].map((id) => candidate(id));
    const one = rankDrops(tied, { mode: "ai_pick", insights: null, now, seed: "x" }).map((r) => r.id);
    expect(rankDrops(tied, { mode: "ai_pick", insights: null, now, seed: "x" }).map((r) => r.id)).toEqual(one);
  });
});
