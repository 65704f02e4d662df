import type { PlayBucket } from "@/db/queries/analytics";
import { type AnalyticsRange, fillBuckets, minutes, ratio } from "./range";

/** A bucket's plays as the API shows them (AnalyticsPlays). */
export const toPlays = (b: Pick<PlayBucket, "starts" | "finishes" | "completions" | "seconds">) => ({
  starts: b.starts,
  finishes: b.finishes,
  completions: b.completions,
  completionRate: ratio(b.completions, b.starts),
  minutes: minutes(b.seconds),
});

export const sumPlays = (rows: PlayBucket[]) =>
  toPlays(
    rows.reduce(
      (a, r) => ({
        starts: a.starts + r.starts,
        finishes: a.finishes + r.finishes,
        completions: a.completions + r.completions,
        seconds: a.seconds + r.seconds,
      }),
      {
        starts: 0,
        finishes: 0,
        completions: 0,
        seconds: 0,
      },
    ),
  );

export const playSeries = (range: AnalyticsRange, rows: PlayBucket[]) =>
  fillBuckets(range, rows, (r, start) => ({ start, ...toPlays(r ?? { starts: 0, finishes: 0, completions: 0, seconds: 0 }) }));
