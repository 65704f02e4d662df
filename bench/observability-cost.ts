import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { SeedResult } from "@/db/seed/seed";
import { freePort } from "@/test/faults/support";

/**
 * What observability costs on the hot path (issue 25's budget: metrics on and tracing off within 3 %
 * of the tree without observability; tracing on at a 10 % sampler within 10 %).
 *
 *   npm run bench:observability -- --before=<a built checkout without observability> [--rounds=5] [--seconds=8] [--node=<node binary for the servers>] [--page-first] [--frame-off] [--json-too] [--all-sampled]
 *
 * Throughput on this 2-core machine moves by tens of percent between runs a few minutes apart
 * (BENCHMARKS.md), far more than the effect, so the figure compared is the server's own CPU time per
 * request: the utime + stime of the server process (/proc/<pid>/stat) over the measured window
 * divided by the requests it answered. Four servers run side by side, each on its own embedded
 * database with the demo workspace: the other tree ("before"), this tree as shipped (metrics on,
 * tracing off) and this tree with tracing on (OTLP/HTTP to a local sink, parent-based sampler at 0 % and at 10 %).
 * Each round drives every server in turn (the order rotates), so the machine's drift falls on all
 * of them alike; the table gives each figure's median (and the CPU's minimum, the round least
 * disturbed by the machine's other work) over the rounds and its ratio to "before".
 * "before" is either an older checkout, or, to measure observability alone on today's code, this
 * tree with bench/no-observability.patch applied (a request's record is still made, but no
 * duration, access-log line, span or statement observation; a worktree, `git apply`, `npm run build`):
 *
 *   git worktree add /tmp/noobs HEAD && cd /tmp/noobs && git apply bench/no-observability.patch && cp -al <this checkout>/node_modules . && npm run build
 *
 * FFMPEG_PATH=/bin/false makes the demo workspace's export renders fail at once instead of running
 * ffmpeg beside the measurement.
 *
 * --page-first has every server render one page (`/`) before the rounds, as any real server soon
 * does. On Node 20 (before AsyncLocalStorage used AsyncContextFrame, Node 24) Next's first
 * AsyncLocalStorage.run turns on a promise hook that every later promise pays for, and so does the
 * first sampled trace: without a page first, that hook's cost is counted as tracing's.
 */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const beforeDir = arg("before");
const ROUNDS = Number(arg("rounds") ?? 5);
const SECONDS = Number(arg("seconds") ?? 8);
const WARMUP_SECONDS = 2;
/** The servers' Node (default: this one), e.g. Node 24 as in the Docker image. */
const SERVER_NODE = arg("node") ?? process.execPath;
const PAGE_FIRST = process.argv.includes("--page-first");
const CONNECTIONS = 50;
const here = path.resolve(import.meta.dirname, "..");

if (!beforeDir || !existsSync(path.join(beforeDir, "dist", "server.js"))) {
  console.error("usage: npm run bench:observability -- --before=<checkout built with npm run build> [--rounds=5] [--seconds=8]");
  process.exit(2);
}

interface Instance {
  label: string;
  dir: string;
  env: Record<string, string>;
  child?: ChildProcess;
  base?: string;
  dataDir?: string;
  seed?: SeedResult;
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // After "pid (comm) ": state is field 3, utime field 14, stime field 15 (1-based), in clock ticks.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

async function start(inst: Instance): Promise<void> {
  const port = await freePort();
  inst.dataDir = mkdtempSync(path.join(os.tmpdir(), "forma-obscost-"));
  inst.base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: inst.dataDir,
    PUBLIC_BASE_URL: inst.base,
    NODE_ENV: "production" as const,
    LOG_LEVEL: "error",
    FFMPEG_PATH: "/bin/false",
    ...inst.env,
  };
  delete env.DATABASE_URL;
  inst.child = spawn(SERVER_NODE, ["scripts/start.mjs"], { cwd: inst.dir, env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  inst.child.stdout!.on("data", (d) => (out += d));
  for (let t = 0; !out.includes("Forma is running"); t++) {
    if (inst.child.exitCode !== null || t > 1200) throw new Error(`${inst.label}: server did not start\n${out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const seeded = spawnSync("npm", ["run", "--silent", "seed", "--", "--json"], { cwd: inst.dir, env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`${inst.label}: seed failed: ${seeded.stderr}`);
  inst.seed = JSON.parse(seeded.stdout.trim().split("\n").pop()!) as SeedResult;
  if (PAGE_FIRST) {
    const page = await fetch(`${inst.base}/`);
    await page.arrayBuffer();
    if (!page.ok) throw new Error(`${inst.label}: GET / answered ${page.status}`);
  }
}

interface Sample {
  rps: number;
  cpuUsPerRequest: number;
  p99: number;
  errors: number;
}

async function drive(inst: Instance, paths: string[], seconds: number): Promise<Sample> {
  let i = 0;
  const headers = { "x-api-key": inst.seed!.apiKey };
  const run = (duration: number) =>
    autocannon({
      url: inst.base!,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: ((req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length], headers })) as never }],
    }) as unknown as Promise<autocannon.Result>;
  await run(WARMUP_SECONDS);
  const pid = inst.child!.pid!;
  const cpuBefore = cpuSeconds(pid);
  const result = await run(seconds);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const answered = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    cpuUsPerRequest: answered ? (cpu * 1e6) / answered : Number.NaN,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  // The OTLP/HTTP sink for the tracing server: accepts and counts export requests.
  let exports = 0;
  let sinkBytes = 0;
  const sink = createServer((req, res) => {
    req.on("data", (chunk: Buffer) => {
      sinkBytes += chunk.length;
    });
    req.on("end", () => {
      exports++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  const sinkPort = await freePort();
  await new Promise<void>((r) => sink.listen(sinkPort, "127.0.0.1", () => r()));

  /** Tracing on, spans to the sink, the parent-based ratio sampler at `ratio`. */
  const tracingEnv = (ratio: string) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`,
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: ratio,
  });
  const instances: Instance[] = [
    { label: "before (no observability)", dir: path.resolve(beforeDir!), env: {} },
    { label: "metrics on, tracing off", dir: here, env: {} },
    // Tracing's fixed part (span objects, context, propagation) without the export of sampled spans.
    { label: "tracing on, 0 % sampler", dir: here, env: tracingEnv("0") },
    { label: "tracing on, 10 % sampler", dir: here, env: tracingEnv("0.1") },
    // --all-sampled: every request sampled. The 10 % sampler's cost is a tenth of this server's
    // against the 0 % one's: a difference ten times larger than the 10 % server's, which this
    // machine's noise (±30 % between rounds) hides.
    ...(process.argv.includes("--all-sampled") ? [{ label: "tracing on, 100 % sampler", dir: here, env: tracingEnv("1") }] : []),
    // --json-too: the same with spans sent as OTLP JSON instead of the default protobuf.
    ...(process.argv.includes("--json-too")
      ? [{ label: "tracing on, 10 % sampler, OTLP JSON", dir: here, env: { ...tracingEnv("0.1"), OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" } }]
      : []),
    // --frame-off (Node 22): this tree without AsyncContextFrame, which npm start turns on there.
    ...(process.argv.includes("--frame-off")
      ? [{ label: "metrics on, tracing off, no AsyncContextFrame", dir: here, env: { FORMA_ASYNC_CONTEXT_FRAME: "0" } }]
      : []),
  ];
  try {
    for (const inst of instances) {
      console.error(`starting ${inst.label} (${inst.dir})...`);
      await start(inst);
    }
    const scenarios: { name: string; paths: (inst: Instance) => string[] }[] = [
      { name: "GET /v1/workouts/metadata (keyed)", paths: () => ["/v1/workouts/metadata"] },
      { name: "GET /v1/workouts/{id}/playlist (seed workouts)", paths: (inst) => inst.seed!.workoutIds.map((id) => `/v1/workouts/${id}/playlist`) },
    ];
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const sc of scenarios) {
        // Rotate the order each round: whichever runs first in a round is not always the same tree.
        for (let k = 0; k < instances.length; k++) {
          const inst = instances[(k + round) % instances.length]!;
          const s = await drive(inst, sc.paths(inst), SECONDS);
          const key = `${sc.name}|${inst.label}`;
          samples.set(key, [...(samples.get(key) ?? []), s]);
          console.error(`round ${round + 1}/${ROUNDS} ${sc.name} ${inst.label}: ${s.rps} req/s, ${s.cpuUsPerRequest.toFixed(1)} µs CPU/request, p99 ${s.p99} ms, ${s.errors} errors`);
        }
      }
    }
    const lines = [
      `Servers on Node ${spawnSync(SERVER_NODE, ["--version"], { encoding: "utf8" }).stdout.trim()}. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")} at the end, ${new Date().toISOString()}; ${ROUNDS} rounds of ${SECONDS} s per server and scenario${PAGE_FIRST ? " (each server rendered a page first)" : ""} (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up before each); medians over the rounds. Spans exported to the sink: ${exports} OTLP requests, ${(sinkBytes / 1e6).toFixed(1)} MB.`,
      "",
      "| scenario | server | server CPU per request (median) | vs before | CPU per request (min) | vs before | req/s (median) | vs before | p99 ms (median) | errors |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ];
    for (const sc of scenarios) {
      const before = samples.get(`${sc.name}|${instances[0]!.label}`)!;
      const bCpu = median(before.map((s) => s.cpuUsPerRequest));
      const bMin = Math.min(...before.map((s) => s.cpuUsPerRequest));
      const bRps = median(before.map((s) => s.rps));
      for (const inst of instances) {
        const ss = samples.get(`${sc.name}|${inst.label}`)!;
        const cpu = median(ss.map((s) => s.cpuUsPerRequest));
        const min = Math.min(...ss.map((s) => s.cpuUsPerRequest));
        const rps = median(ss.map((s) => s.rps));
        const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
        lines.push(
          `| ${sc.name} | ${inst.label} | ${cpu.toFixed(1)} µs | ${inst === instances[0] ? "-" : pct(cpu / bCpu - 1)} | ${min.toFixed(1)} µs | ${inst === instances[0] ? "-" : pct(min / bMin - 1)} | ${Math.round(rps)} | ${inst === instances[0] ? "-" : pct(rps / bRps - 1)} | ${median(ss.map((s) => s.p99))} | ${ss.reduce((n, s) => n + s.errors, 0)} |`,
        );
      }
    }
    const all = instances.find((i) => i.label === "tracing on, 100 % sampler");
    if (all) {
      lines.push("");
      for (const sc of scenarios) {
        const cpuOf = (label: string) => median(samples.get(`${sc.name}|${label}`)!.map((s) => s.cpuUsPerRequest));
        const perTrace = cpuOf(all.label) - cpuOf("tracing on, 0 % sampler");
        const metricsOnly = cpuOf("metrics on, tracing off");
        lines.push(
          `- ${sc.name}: a sampled trace costs ${perTrace.toFixed(1)} µs of CPU (100 % against 0 %, medians); at 10 % that is ${(perTrace / 10).toFixed(1)} µs a request, ${((perTrace / 10 / metricsOnly) * 100).toFixed(1)} % of metrics only's ${metricsOnly.toFixed(1)} µs.`,
        );
      }
    }
    console.log(lines.join("\n"));
  } finally {
    for (const inst of instances) {
      if (inst.child && inst.child.exitCode === null) {
        const exited = new Promise((r) => inst.child!.once("exit", r));
        inst.child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (inst.child.exitCode === null) inst.child.kill("SIGKILL");
      }
      if (inst.dataDir) rmSync(inst.dataDir, { recursive: true, force: true });
    }
    sink.close();
  }
}

await main();
