import type postgres from "postgres";
import { metrics, scrapeSources } from "./metrics";
import { startStatementSpan, tracingOn } from "./tracing";

/**
 * The request pool's share of the metrics and traces: every statement's duration (and, in a traced
 * request, its span), and the pool's connections by state for the scrape. postgres.js has no public
 * hooks for either; patches/postgres+3.4.9.patch adds `options.onquery` (called when a statement is
 * handed to the pool or a transaction, its return value called when the statement settles) and
 * `sql.stats()`.
 */
type PatchedSql = postgres.Sql & {
  options: postgres.Sql["options"] & { onquery?: (query: { strings?: readonly string[] }) => ((err: unknown) => void) | undefined };
  stats?: () => { open: number; busy: number; full: number; reserved: number; connecting: number; waiting: number };
};

export function instrumentPool(sql: postgres.Sql, max: number): void {
  const patched = sql as PatchedSql;
  if (typeof patched.stats !== "function") return; // the driver patch is missing: no pool metrics
  const m = metrics();
  const ok = m.dbQueryDuration.labels("ok");
  const failed = m.dbQueryDuration.labels("error");
  patched.options.onquery = (query) => {
    const start = performance.now();
    // A span only under a recording one (a sampled request or job): most statements make none.
    const span = tracingOn() ? startStatementSpan(query.strings) : undefined;
    return span
      ? (err) => {
          (err ? failed : ok).observe((performance.now() - start) / 1000);
          span(err);
        }
      : (err) => (err ? failed : ok).observe((performance.now() - start) / 1000);
  };
  const stats = patched.stats;
  scrapeSources().pool = () => {
    const s = stats();
    return { busy: s.busy + s.full + s.reserved, idle: s.open, connecting: s.connecting, waiting: s.waiting, max };
  };
}
