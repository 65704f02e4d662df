import { seededRandom } from "../rng";

/**
 * The deterministic ranker behind the ai_pick and ai_insights source modes of social publish
 * automations. Every score is in [0, 1] and explained in words, so a model (when configured) can
 * be handed the same ranking and the console can show why a drop was posted.
 */
export interface DropCandidate {
  id: string;
  title: string;
  sourceType: string;
  categoryKeys: string[];
  createdAt: Date;
  /** Completed member sessions of the content behind the drop, last 30 days. */
  completions: number;
  /** Average member rating (1 to 5) of that content, when rated. */
  rating: number | null;
  /** Times this automation posted the drop in the last 14 days. */
  postsRecent: number;
  /** Whether the automation's latest post was this drop. */
  postedLast: boolean;
}

export interface InsightsFocus {
  /** Category keys the members' data points to, most needed first. */
  categories: string[];
  /** The findings in words (for the model and the delivery's pick reason). */
  lines: string[];
}

export interface RankedDrop {
  id: string;
  score: number;
  reason: string;
}

const DAY_MS = 86_400_000;

/**
 * What the workspace's members need, from their recent health data and training: short or poor
 * sleep, low readiness or high stress point to recovery content, few steps to cardio, and the
 * least trained of the main categories gets a turn. Null without data.
 */
export function insightsFocus(args: {
  members: number;
  asleepS: number | null;
  steps: number | null;
  readiness: number | null;
  stress: number | null;
  trained: Map<string, number>;
}): InsightsFocus | null {
  const categories: string[] = [];
  const lines: string[] = [];
  const add = (keys: string[]) => {
    for (const k of keys) if (!categories.includes(k)) categories.push(k);
  };
  if (args.members > 0) {
    if (args.asleepS !== null && args.asleepS < 7 * 3600) {
      lines.push(`members sleep ${(args.asleepS / 3600).toFixed(1)} h on average (under 7 h)`);
      add(["recovery", "mobility", "yoga"]);
    }
    if (args.readiness !== null && args.readiness < 60) {
      lines.push(`average readiness is ${Math.round(args.readiness)}/100`);
      add(["recovery", "low-impact", "mobility"]);
    }
    if (args.stress !== null && args.stress > 60) {
      lines.push(`average stress is ${Math.round(args.stress)}/100`);
      add(["yoga", "mobility", "recovery"]);
    }
    if (args.steps !== null && args.steps < 6000) {
      lines.push(`members walk ${Math.round(args.steps)} steps a day on average (under 6,000)`);
      add(["cardio", "hiit", "low-impact"]);
    }
  }
  const main = ["strength", "cardio", "mobility", "core"];
  const total = [...args.trained.values()].reduce((a, b) => a + b, 0);
  if (total > 0) {
    const least = [...main].sort((a, b) => (args.trained.get(a) ?? 0) - (args.trained.get(b) ?? 0))[0]!;
    lines.push(`${least} is the least trained of ${main.join(", ")} in the last 14 days`);
    add([least]);
  }
  return lines.length ? { categories, lines } : null;
}

/** Ranks candidates best first; ties are broken by a seeded draw (the automation and due time). */
export function rankDrops(
  candidates: DropCandidate[],
  args: { mode: "ai_pick" | "ai_insights"; insights: InsightsFocus | null; now: Date; seed: string },
): RankedDrop[] {
  const maxCompletions = Math.max(0, ...candidates.map((c) => c.completions));
  const draw = seededRandom(args.seed);
  const focus = args.insights?.categories ?? [];
  const useInsights = args.mode === "ai_insights" && focus.length > 0;
  return candidates
    .map((c) => {
      const engagement = (maxCompletions > 0 ? c.completions / maxCompletions : 0) * 0.7 + (c.rating !== null ? (c.rating - 1) / 4 : 0.5) * 0.3;
      const ageDays = Math.max(0, (args.now.getTime() - c.createdAt.getTime()) / DAY_MS);
      const freshness = Math.exp(-ageDays / 30);
      const repetition = Math.min(1, c.postsRecent / 3);
      /** The drop posted last never goes out twice in a row while there is another one. */
      const lastPenalty = c.postedLast && candidates.length > 1 ? 1 : 0;
      const matched = c.categoryKeys.filter((k) => focus.includes(k));
      const match = focus.length ? Math.min(1, matched.length / Math.min(2, focus.length)) : 0;
      const score =
        (useInsights
          ? 0.5 * match + 0.2 * engagement + 0.15 * freshness + 0.15 * (1 - repetition)
          : 0.55 * engagement + 0.25 * freshness + 0.2 * (1 - repetition)) - lastPenalty;
      const parts = [
        `${c.completions} completed sessions in 30 days`,
        c.rating !== null ? `rated ${c.rating.toFixed(1)}/5` : "not rated yet",
        `${Math.round(ageDays)} days old`,
      ];
      if (useInsights) parts.unshift(matched.length ? `matches what the members need (${matched.join(", ")})` : "does not match the members' current needs");
      if (c.postsRecent > 0) parts.push(`posted ${c.postsRecent}x in 14 days${lastPenalty ? ", the latest post" : ""}`);
      return { id: c.id, score: Math.round(score * 10_000) / 10_000, reason: parts.join("; "), tie: draw() };
    })
    .sort((a, b) => b.score - a.score || a.tie - b.tie)
    .map(({ id, score, reason }) => ({ id, score, reason }));
}
