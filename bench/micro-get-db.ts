/**
 * Micro-measurement for issue 32: what the request-transaction check costs `getDb()` (an
 * AsyncLocalStorage lookup on every call, on the API's hot path) and what `directRoute`'s wrapper
 * costs a handler call. Compares, in one run, the pool handle lookup without the check (the
 * previous getDb), getDb() as it is now, and a handler called bare vs through directRoute.
 * `npx tsx bench/micro-get-db.ts` (no database needed: the pool connects lazily).
 */
import { performance } from "node:perf_hooks";
import { getDb, getSql } from "@/db/client";
import { directRoute } from "@/server/http/direct-request";

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

const response = new Response(null, { status: 204 });
const bare = async (_req: Request, _ctx: unknown) => response;
const wrapped = directRoute(async (_req, _ctx: unknown) => response);
const req = new Request("http://localhost/health");
const M = 1_000_000;
for (const [name, h] of [
  ["handler called bare", bare],
  ["handler called through directRoute", wrapped],
] as const) {
  const t = performance.now();
  for (let i = 0; i < M; i++) sink = h(req, undefined);
  console.log(`${name.padEnd(48)} ${(((performance.now() - t) * 1e6) / M).toFixed(2)} ns/call`);
}
void sink;
process.exit(0);
