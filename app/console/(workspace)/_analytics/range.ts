import { ApiError } from "@/server/core/errors";
import { type AnalyticsRange, resolveRange } from "@/server/services/analytics/range";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range of an analytics page from its query (from, to, interval), with the API's rules; a
 * range the API would refuse shows the default range and says why instead of failing the page.
 */
export function pageRange(q: { from?: string; to?: string; interval?: string }): { range: AnalyticsRange; problem: string | null } {
  const input = {
    from: q.from && DAY.test(q.from) && !Number.isNaN(Date.parse(q.from)) ? q.from : undefined,
    to: q.to && DAY.test(q.to) && !Number.isNaN(Date.parse(q.to)) ? q.to : undefined,
    interval: q.interval === "week" ? ("week" as const) : ("day" as const),
  };
  try {
    return { range: resolveRange(input, "query"), problem: null };
  } catch (err) {
    const detail = err instanceof ApiError ? (err.details?.[0]?.message ?? err.message) : "That range cannot be shown.";
    return { range: resolveRange({ interval: input.interval }, "query"), problem: `${detail} Showing the last 30 days.` };
  }
}
