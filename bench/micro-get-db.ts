/**
 * Micro-measurement for issue 32: what the request-transaction check costs `getDb()` (an
 * AsyncLocalStorage lookup on every call, on the API's hot path). Compares, in one run, the pool
 * handle lookup without the check (the previous getDb) and getDb() as it is now.
 * `npx tsx bench/micro-get-db.ts` (no database needed: the pool connects lazily).
 */
import { performance } from "node:perf_hooks";
import { getDb, getSql } from "@/db/client";

process.env.DATABASE_URL ??= "postgres://bench@127.0.0.1:1/bench";
const N = 5_000_000;
const ROUNDS = 5;

function time(name: string, fn: () => void): number {
  const best: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    fn();
    best.push(((performance.now() - t) * 1e6) / N);
  }
  const ns = Math.min(...best);
  console.log(`${name.padEnd(48)} ${ns.toFixed(2)} ns/call (best of ${ROUNDS} x ${N.toLocaleString("en")})`);
  return ns;
}

getDb(); // connect once
let sink: unknown;
const pool = time("pool handle, no check (getSql: the old getDb body)", () => {
  for (let i = 0; i < N; i++) sink = getSql();
});
const checked = time("getDb() with the transaction-scope check", () => {
  for (let i = 0; i < N; i++) sink = getDb();
});
console.log(`check costs ${(checked - pool).toFixed(2)} ns per getDb() call`);

void sink;
process.exit(0);
