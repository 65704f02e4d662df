import type { Db } from "@/db/client";
import type { SeedResult } from "@/db/seed/seed";

/**
 * A benchmark scenario. `npm run bench` builds and starts the real server (server.ts) on an
 * embedded database, seeds it, then for each scenario calls `prepare` (direct DB access for bulk
 * data) and drives the returned requests with autocannon. Results go to BENCHMARKS.md.
 */
export interface BenchContext {
  baseUrl: string;
  /** The run contract's seed output (organizationId, apiKey, workoutIds, ...). */
  seed: SeedResult;
  /** A Drizzle handle on the same database the server uses, for bulk inserts. */
  db: Db;
}

export interface BenchRequest {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  /** Short label for the table, e.g. "org workout list, q=core (100k workouts)". */
  name: string;
  /** Which issue it belongs to, e.g. "#3". */
  issue: string;
  /** The target in words, e.g. "p95 < 30 ms". */
  target: string;
  /**
   * Checks the measured figures against the target; gets the rows measured before it in the same
   * run (by name) and the bare baseline's req/s, for targets that are ratios.
   */
  passes?: (r: { p50: number; p95: number; p99: number; rps: number }, earlier: Map<string, { rps: number; p95: number; p99: number }>, baselineRps: number) => boolean;
  connections: number;
  /** Seconds to run (default 10). */
  duration?: number;
  /**
   * Measure this many times (default 1) and report the run whose `rankBy` percentile is the median:
   * on a noisy shared machine one run can land on a quiet or a busy moment. Every run is listed in
   * BENCHMARKS.md.
   */
  repeats?: number;
  /** The percentile that orders repeated runs (default p99). */
  rankBy?: "p95" | "p99";
  /** Bulk data and ids; returns the requests to cycle through (autocannon `requests`). */
  prepare: (ctx: BenchContext) => Promise<BenchRequest[]>;
  /**
   * Findings of the prepare step worth keeping next to the figures (query plans...): a section
   * title and its Markdown lines, written to BENCHMARKS.md.
   */
  findings?: () => { title: string; lines: string[] } | null;
  /** Statuses that count as success (default [200]). */
  expectStatus?: number[];
  /**
   * A measurement of its own instead of autocannon over `prepare`'s requests, for figures that are
   * not request rates: REST-to-socket-event latency, time from publish to a ready export, webhook
   * delivery latency... Gets what `prepare` returned; answers the table's columns (times in ms,
   * `rps` 0 when it does not apply, `connections` the concurrency it used).
   */
  measure?: (ctx: BenchContext, requests: BenchRequest[]) => Promise<CustomMeasurement>;
}

export interface CustomMeasurement {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  connections?: number;
}
