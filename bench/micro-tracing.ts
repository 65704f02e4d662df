/**
 * Micro-measurement for issue 25: what one sampled request trace costs the server's process, from
 * the span's start to its bytes handed to the collector, with no request handling around it (the
 * server-level bench, `npm run bench:observability`, moves by ±30 % between rounds on these
 * machines). In one process, interleaved: request records with tracing off, with tracing on and the
 * trace outside the sample, and sampled (a request span, one SQL statement span under it, as the
 * keyed metadata's and the playlist's sampled traces have at most; and one in ten so, the 10 %
 * sampler's mix of sampled and unsampled requests), exported over OTLP/HTTP
 * (protobuf, the default) to a sink in the same process that only counts bytes. The figure is CPU
 * time (process.cpuUsage) per request, so the exporter's work on its own timer is counted.
 * First, the same for metrics alone (tracing off): a request's record (observeRequest, then the
 * response's close: the duration histogram) and one statement's duration, against the same
 * stand-in request, response and statement without them.
 *
 *   npx tsx bench/micro-tracing.ts [--n=20000] [--rounds=7] [--statements=1]
 */
import { EventEmitter } from "node:events";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type postgres from "postgres";
import { resetEnvCache } from "@/server/env";
import { instrumentPool } from "@/server/observability/db";
import { observeRequest } from "@/server/observability/requests";
import { endRequestSpan, flushTracing, inRequestSpan, startRequestSpan, startStatementSpan, startTracing, stopTracing } from "@/server/observability/tracing";

// The access log (LOG_LEVEL info) is measured only when asked for: LOG_LEVEL=info ... 2>/dev/null.
process.env.LOG_LEVEL ??= "error";
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const N = Number(arg("n") ?? 20_000);
const ROUNDS = Number(arg("rounds") ?? 7);
const STATEMENTS = Number(arg("statements") ?? 1);

let bytes = 0;
let posts = 0;
const sink = createServer((req, res) => {
  req.on("data", (c: Buffer) => (bytes += c.length));
  req.on("end", () => {
    posts++;
    res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
  });
});
await new Promise<void>((r) => sink.listen(0, "127.0.0.1", () => r()));
const { port } = sink.address() as { port: number };

const req = { headers: {} } as IncomingMessage;
const rec = { method: "GET", route: "GET /v1/workouts/metadata", operationId: "getWorkoutMetadata" };
const statement = ['select "id", "name" from "workout_categories" where "organization_id" = $1 order by "position"'];

/** N request records the way requests.ts and db.ts make them (span or not), each awaiting one tick like a handler. */
async function requests(): Promise<void> {
  for (let i = 0; i < N; i++) {
    const span = startRequestSpan(req, "GET");
    if (!span) {
      await Promise.resolve();
      continue;
    }
    await inRequestSpan(span, async () => {
      for (let s = 0; s < STATEMENTS; s++) {
        const end = startStatementSpan(statement);
        await Promise.resolve();
        end?.(undefined);
      }
    });
    endRequestSpan(span, rec, 200, "0123456789abcdef01234567");
    // Room for the exporter between requests, as a server's event loop gives it (a tight loop
    // outruns the batch processor's queue of 2,048 spans, which then drops them unexported).
    if (i % 64 === 63) await new Promise((r) => setImmediate(r));
  }
}

async function cpuPerRequest(): Promise<number> {
  const before = process.cpuUsage();
  await requests();
  await flushTracing();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / N;
}

async function configure(sampler: "off" | number): Promise<void> {
  await stopTracing();
  if (sampler === "off") {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  } else {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
    process.env.OTEL_TRACES_SAMPLER = "parentbased_traceidratio";
    process.env.OTEL_TRACES_SAMPLER_ARG = String(sampler);
  }
  resetEnvCache();
  await startTracing();
}

/** A pool stand-in with the driver patch's two hooks, instrumented as db/client.ts does. */
const pool = { options: {}, stats: () => ({ open: 1, busy: 0, full: 0, reserved: 0, connecting: 0, waiting: 0 }) } as unknown as postgres.Sql & {
  options: { onquery?: (q: { strings?: readonly string[] }) => ((err: unknown) => void) | undefined };
};

/** N stand-in requests: a request, a response that closes, one statement; observed or not. */
async function metricRequests(observed: boolean): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true }) as unknown as ServerResponse;
    const request = { method: "GET", headers: {} } as IncomingMessage;
    (res as { req: IncomingMessage }).req = request;
    if (observed) observeRequest(request, res, "getWorkoutMetadata");
    const done = observed ? pool.options.onquery!({ strings: statement }) : undefined;
    await Promise.resolve();
    done?.(undefined);
    res.emit("close");
    if (i % 64 === 63) await new Promise((r) => setImmediate(r));
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / N;
}

instrumentPool(pool, 10);
const metricSamples = { bare: [] as number[], observed: [] as number[] };
await metricRequests(false);
await metricRequests(true);
for (let r = 0; r < ROUNDS; r++) {
  for (const observed of r % 2 ? [true, false] : [false, true]) metricSamples[observed ? "observed" : "bare"].push(await metricRequests(observed));
}

const kinds = [
  { name: "tracing off", sampler: "off" as const },
  { name: "tracing on, outside the sample (0 %)", sampler: 0 },
  { name: "tracing on, one request in ten sampled (10 %)", sampler: 0.1 },
  { name: "tracing on, every request sampled (100 %)", sampler: 1 },
];
const samples = new Map<string, number[]>(kinds.map((k) => [k.name, []]));
// Warm-up: every path compiled once.
for (const k of kinds) {
  await configure(k.sampler);
  await cpuPerRequest();
}
for (let r = 0; r < ROUNDS; r++) {
  for (const k of r % 2 ? [...kinds].reverse() : kinds) {
    await configure(k.sampler);
    samples.get(k.name)!.push(await cpuPerRequest());
  }
}
await stopTracing();
sink.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Metrics, tracing off (Node ${process.version}, ${N.toLocaleString("en")} requests a round, ${ROUNDS} rounds interleaved):`);
for (const [name, xs] of Object.entries(metricSamples))
  console.log(`${(name === "bare" ? "stand-in request, nothing observed" : "observed: record, duration, one statement").padEnd(44)} median ${median(xs).toFixed(2)} µs CPU per request (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`);
console.log(`metrics: ${(median(metricSamples.observed) - median(metricSamples.bare)).toFixed(2)} µs CPU per request`);
console.log("");
console.log("Tracing:");
// Every request of the 100 % rounds and about a tenth of the 10 % rounds' make spans.
const spansMade = Math.round((ROUNDS + 1) * N * 1.1 * (1 + STATEMENTS));
console.log(
  `Node ${process.version}, ${N.toLocaleString("en")} requests a round, ${ROUNDS} rounds interleaved, ${STATEMENTS} statement span(s) under each request span; ${spansMade.toLocaleString("en")} spans made, ${posts} OTLP posts, ${(bytes / 1e6).toFixed(1)} MB (a post carries 512 spans at most: ${Math.ceil(spansMade / 512)} posts or more mean none were dropped)`,
);
const off = median(samples.get(kinds[0]!.name)!);
const sampled = median(samples.get(kinds[3]!.name)!);
const tenth = median(samples.get(kinds[2]!.name)!);
for (const k of kinds) {
  const xs = samples.get(k.name)!;
  console.log(`${k.name.padEnd(44)} median ${median(xs).toFixed(2)} µs CPU per request (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`);
}
console.log(`one sampled trace: ${(sampled - off).toFixed(1)} µs CPU more than a request without tracing`);
console.log(`10 %: ${(tenth - off).toFixed(2)} µs a request, against a tenth of a sampled trace's ${((sampled - off) / 10).toFixed(2)} µs (mixing sampled and unsampled requests costs nothing more when these agree)`);
process.exit(0);
