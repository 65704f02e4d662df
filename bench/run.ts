import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as netServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openPostgres } from "@/db/connect";
import { bootstrapDatabase } from "@/db/bootstrap";
import { getDb } from "@/db/client";
import { resetEnvCache } from "@/server/env";
import type { SeedResult } from "@/db/seed/seed";
import type { BenchRequest, Scenario } from "./types";
import { percentile } from "./percentile";

/**
 * npm run bench [-- --only=<text>[,<text>...]] [-- --no-write]: builds and starts the real server on a
 * fresh embedded database, seeds it, measures a bare node:http baseline answering the same JSON
 * from the same database, then every scenario in bench/scenarios/. Writes BENCHMARKS.md.
 */
const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
const write = !process.argv.includes("--no-write") && (!only || process.argv.includes("--write"));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = netServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Row {
  name: string;
  issue: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  target: string;
  pass: boolean | null;
}


/** Seconds of load before each measurement, not recorded: JIT, caches and connections warm up. */
const WARMUP_SECONDS = 2;
/** Longest wait for background renders before a scenario (BENCH_SETTLE_LIMIT_S for quick profiling runs). */
const SETTLE_LIMIT_MS = Number(process.env.BENCH_SETTLE_LIMIT_S ?? 600) * 1000;
/** BENCHMARKS.md keeps everything from this heading on across runs. */
const NOTES_HEADING = "## Notes";

/**
 * Drives requests with autocannon, recording every response time for exact percentiles. A short
 * unrecorded run with the same requests comes first (WARMUP_SECONDS).
 */
async function measure(
  base: string,
  requests: BenchRequest[],
  connections: number,
  duration: number,
  ok: number[],
): Promise<Omit<Row, "name" | "issue" | "target" | "pass">> {
  let i = 0;
  await drive(base, requests, connections, WARMUP_SECONDS, () => i++);
  const times: number[] = [];
  let errors = 0;
  const result = await drive(
    base,
    requests,
    connections,
    duration,
    () => i++,
    (status, responseTime) => {
      times.push(responseTime);
      if (!ok.includes(status)) errors++;
    },
  );
  times.sort((a, b) => a - b);
  return {
    connections,
    rps: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

/** One autocannon run cycling through `requests` (next() picks the index). */
async function drive(
  base: string,
  requests: BenchRequest[],
  connections: number,
  duration: number,
  next: () => number,
  onResponse?: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  // Without a callback autocannon returns an instance that is both an EventEmitter and a thenable.
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: ((req: Record<string, unknown>) => {
          const r = requests[next() % requests.length]!;
          return {
            ...req,
            method: r.method ?? "GET",
            path: r.path,
            headers: { ...(r.body ? { "content-type": "application/json" } : {}), ...r.headers },
            body: r.body,
          };
        }) as never,
      },
    ],
  }) as unknown as NodeJS.EventEmitter & PromiseLike<autocannon.Result>;
  if (onResponse) instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => onResponse(status, responseTime));
  return instance;
}

/** Resident memory of a process from /proc (Linux), e.g. "412 MiB". */
function rssOf(pid: number): string | null {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? `${Math.round(kb / 1024)} MiB RSS` : null;
  } catch {
    return null;
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "forma-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // WEBHOOKS_ALLOW_PRIVATE_NETWORKS: the webhook scenario's receiver listens on 127.0.0.1.
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: base,
    NODE_ENV: "production" as const,
    LOG_LEVEL: "error",
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1",
  };
  delete (env as Record<string, unknown>).DATABASE_URL;
  let server: ChildProcess | null = null;
  const rows: Row[] = [];
  try {
    console.error("starting the server (builds when needed)...");
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to the server's node.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, "scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    server.stdout!.on("data", (d) => (out += d));
    for (let t = 0; !out.includes("Forma is running"); t++) {
      if (server.exitCode !== null || t > 600) throw new Error(`server did not start\n${out}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const seedRun = spawnSync("npm", ["run", "--silent", "seed", "--", "--json"], { cwd: root, env, encoding: "utf8" });
    if (seedRun.status !== 0) throw new Error(`seed failed: ${seedRun.stderr}`);
    const seed = JSON.parse(seedRun.stdout) as SeedResult;
    process.env.DATA_DIR = dataDir;
    // The bench's own connections prepare bulk data (100,000 workouts through the search-word
    // triggers): no statement timeout for them. The server keeps its default.
    process.env.DB_STATEMENT_TIMEOUT_MS = "0";
    resetEnvCache();
    const { url } = await bootstrapDatabase({ migrate: false });
    const db = getDb();
    const key = { "x-api-key": seed.apiKey };

    // Baseline, the physical limit: a bare node:http server writing the keyed metadata response's
    // exact bytes from memory. A second reference answers the same JSON from the same database.
    const metadataBytes = Buffer.from(await (await fetch(`${base}/v1/workouts/metadata`, { headers: key })).arrayBuffer());
    const baseline = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": metadataBytes.length });
      res.end(metadataBytes);
    });
    const basePort = await freePort();
    await new Promise<void>((r) => baseline.listen(basePort, "127.0.0.1", () => r()));
    const sql = openPostgres(url, { max: 20 });
    const dbBaseline = createServer(async (_req, res) => {
      const categories = await sql`select id, name->>'en-US' as name from categories order by sort_order, key`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: { categories, difficulties: ["beginner", "intermediate", "advanced"] } }));
    });
    const dbBasePort = await freePort();
    await new Promise<void>((r) => dbBaseline.listen(dbBasePort, "127.0.0.1", () => r()));

    const listProbe = await fetch(`${base}/v1/orgs/${seed.organizationId}/workouts?limit=20`, { headers: key });
    const listPath = listProbe.status === 200 ? `/v1/orgs/${seed.organizationId}/workouts?limit=20` : `/v1/orgs/${seed.organizationId}/methodologies`;

    const foundation: (Scenario & { url?: string })[] = [
      {
        name: "baseline: bare node:http writing the metadata response's bytes from memory",
        issue: "#16",
        target: "reference (1.00)",
        connections: 50,
        prepare: async () => [{ path: "/" }],
        url: `http://127.0.0.1:${basePort}`,
      },
      {
        name: "reference: bare node:http answering the metadata JSON from the database",
        issue: "#2",
        target: "-",
        connections: 50,
        prepare: async () => [{ path: "/" }],
        url: `http://127.0.0.1:${dbBasePort}`,
      },
      { name: "GET /health", issue: "#2", target: "-", connections: 200, prepare: async () => [{ path: "/health" }] },
      {
        name: "GET /v1/workouts/metadata (keyed)",
        issue: "#2",
        target: "p99 < 20 ms @200",
        passes: (r) => r.p99 < 20,
        connections: 200,
        prepare: async () => [{ path: "/v1/workouts/metadata", headers: key }],
      },
      {
        name: `GET ${listPath.replace(seed.organizationId, "{org}")} (keyed list)`,
        issue: "#2",
        target: "-",
        connections: 200,
        prepare: async () => [{ path: listPath, headers: key }],
      },
    ];
    const scenarioFiles = readdirSync(path.join(root, "bench/scenarios"))
      .filter((f) => f.endsWith(".ts"))
      .sort();
    const extra: Scenario[] = [];
    for (const f of scenarioFiles) extra.push(...((await import(path.join(root, "bench/scenarios", f))) as { scenarios: Scenario[] }).scenarios);

    let baselineRps = 0;
    const measured = new Map<string, { rps: number; p95: number; p99: number }>();
    const repeated: string[] = [];
    const findings = new Map<string, string[]>();
    // Renders that an earlier scenario started (exports of the workouts it published, drop variants)
    // run in the background for minutes; each scenario starts once they are done, so their load is
    // not charged to whichever scenario comes next. How long each wait took is listed under the table.
    const settled: string[] = [];
    const settle = async (name: string) => {
      const started = Date.now();
      // The baseline is what every ratio divides by: it waits for the seed's renders however long they
      // take (about 12 minutes for the seed's exports on a 2-core machine), unless a quick run set a limit.
      const limitMs = name.startsWith("baseline") && !process.env.BENCH_SETTLE_LIMIT_S ? Math.max(SETTLE_LIMIT_MS, 40 * 60_000) : SETTLE_LIMIT_MS;
      for (;;) {
        // Renders running, and render jobs queued or waiting for a retry (pg-boss, the local provider).
        const [row] = await sql<{ n: number }[]>`select
          (select count(*) from workout_exports where status = 'rendering')::int
          + (select count(*) from drops where status = 'processing' and deleted_at is null)::int
          + (select count(*) from pgboss.job where name in ('render-workout-exports', 'render-pending-exports', 'render-social-drop')
               and state in ('created', 'retry', 'active'))::int as n`;
        if (!row?.n) break;
        if (Date.now() - started > limitMs) {
          settled.push(`- "${name}": ${row.n} renders still running after ${limitMs / 1000} s (measured with them)`);
          return;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
      const waited = Math.round((Date.now() - started) / 1000);
      if (waited > 0) settled.push(`- "${name}": ${waited} s`);
      if (waited > 0) console.error(`  (waited ${waited} s for background renders)`);
    };
    for (const s of [...foundation, ...extra]) {
      if (only && !only.split(",").some((o) => s.name.includes(o)) && !s.name.startsWith("baseline")) continue;
      await settle(s.name);
      console.error(`> ${s.name}`);
      try {
        const requests = await s.prepare({ baseUrl: base, seed, db });
        const runs: Awaited<ReturnType<typeof measure>>[] = [];
        for (let k = 0; k < (s.repeats ?? 1); k++) {
          if (s.measure) {
            const m = await s.measure({ baseUrl: base, seed, db }, requests);
            runs.push({ ...m, connections: m.connections ?? s.connections });
          } else {
            runs.push(await measure((s as { url?: string }).url ?? base, requests, s.connections, s.duration ?? 10, s.expectStatus ?? [200]));
          }
        }
        const rank = s.rankBy ?? "p99";
        const ordered = [...runs].sort((a, b) => a[rank] - b[rank]);
        const r = ordered[Math.floor((ordered.length - 1) / 2)]!;
        if (runs.length > 1) {
          repeated.push(
            `- ${s.name}: ${runs.map((x) => `${x.rps} req/s, p95 ${x.p95.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms`).join("; ")} (reported: the median by ${rank})`,
          );
        }
        const found = s.findings?.();
        if (found) findings.set(found.title, found.lines);
        if (s.name.startsWith("baseline")) baselineRps = r.rps;
        const pass: boolean | null = s.passes ? s.passes(r, measured, baselineRps) : null;
        measured.set(s.name, r);
        rows.push({ ...r, name: s.name, issue: s.issue, target: runs.length > 1 ? `${s.target} (median of ${runs.length} runs)` : s.target, pass });
        console.error(`  ${r.rps} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}`);
      } catch (err) {
        console.error(`  failed: ${err instanceof Error ? err.message : err}`);
        rows.push({ name: s.name, issue: s.issue, target: s.target, connections: s.connections, rps: 0, p50: 0, p95: 0, p99: 0, errors: -1, pass: false });
      }
    }
    baseline.close();
    dbBaseline.close();
    await sql.end();
    const serverRss = server.pid ? rssOf(server.pid) : null;

    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
    const table = [
      "| Scenario | Issue | Conn. | req/s | vs bare | p50 ms | p95 ms | p99 ms | Errors | Target | Met |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.issue} | ${r.connections} | ${r.rps} | ${baselineRps && r.rps ? (r.rps / baselineRps).toFixed(3) : "-"} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.target} | ${r.pass === null ? "-" : r.pass ? "yes" : "no"} |`,
      ),
    ].join("\n");
    const doc = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.

Method: the real server (\`npm start\`: Next + custom server, production build) on a fresh embedded PostgreSQL,
seeded with \`npm run seed\`, driven by autocannon from the same machine (load generator and server share the
2 cores). Each scenario runs ${WARMUP_SECONDS} s unrecorded with the same requests first (JIT, caches and
connections warm up), then is measured; percentiles are exact, computed from every response time. The baseline is the
physical limit: a bare \`node:http\` server in the bench process writing the keyed metadata response's exact bytes
from memory, measured in the same run, so "vs bare" (req/s over the baseline's) survives machine noise. A second
reference answers the same JSON from the database. Keyed requests go through authentication, the weighted rate
limiter (two windows, PostgreSQL-backed) and strict validation. Server memory after the run: ${serverRss ?? "not read"}.

${table}

## Reading the table

- With N connections kept busy, mean latency is N / throughput (Little's law). A p99 under 20 ms at 200
  connections needs well over 10,000 req/s; the bare baseline itself stays above that latency on this
  2-core machine, where the load generator, Node and PostgreSQL share the cores. Latency targets at high
  connection counts are therefore judged together with the throughput next to them and the baseline.
- "Met" applies each scenario's own check to the measured numbers; "-" means no target was set.
${repeated.length ? `- Repeated scenarios, every run in order:\n${repeated.map((l) => `  ${l}`).join("\n")}\n` : ""}${settled.length ? `- Waits for background renders (exports, drops) started by earlier scenarios, before:\n${settled.map((l) => `  ${l}`).join("\n")}\n` : ""}- Scenario definitions live in \`bench/scenarios/*.ts\`; prepare steps (bulk data such as the 100,000-workout
  and 5,000-exercise workspaces) run before timing starts.
${[...findings].map(([title, lines]) => `\n## ${title}\n\n${lines.join("\n")}\n`).join("")}`;
    if (write) {
      // The "## Notes" section at the end is written by hand (history, analysis) and kept as it is.
      const file = path.join(root, "BENCHMARKS.md");
      const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
      const at = previous.indexOf(`\n${NOTES_HEADING}\n`);
      writeFileSync(file, at >= 0 ? `${doc}${previous.slice(at)}` : doc);
    }
    console.log(table);
  } finally {
    if (server && server.exitCode === null) {
      // Let the server finish its requests and stop PostgreSQL before its folder goes (the
      // database's socket lives there); force it after 30 s.
      const child = server;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
}

await main();
