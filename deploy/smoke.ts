/**
 * The load-balanced topology, run for real on this machine (no Docker): nginx from Debian with
 * deploy/nginx.conf, two compiled instances (node dist/server.js) on the machine's PostgreSQL and
 * Redis, media in an S3-compatible server (s3rver). Then:
 *   1. the API, the cast socket and the pages through nginx (browser tests with E2E_BASE_URL);
 *   2. load from many connections (reads, and writes that carry an Idempotency-Key and are retried
 *      by the client), SIGKILL of one instance in the middle, and its restart: only requests in
 *      flight on it may fail, no acknowledged write is lost or doubled, and the restarted instance
 *      takes traffic again.
 * Prints the figures and exits non-zero on any broken promise. Run by deploy/smoke.sh (CI).
 *
 * Settings: SMOKE_PG (default postgres://postgres@127.0.0.1:5432), SMOKE_REDIS (default
 * redis://127.0.0.1:6379), SMOKE_CONNECTIONS (32), SMOKE_SECONDS (load duration, 24),
 * SMOKE_E2E (space-separated spec files; "" skips the browser part).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgres } from "../db/connect";
import { s3Env, startTestS3 } from "../test/support/s3";

const root = path.resolve(import.meta.dirname, "..");
const PG = process.env.SMOKE_PG ?? "postgres://postgres@127.0.0.1:5432";
const REDIS = process.env.SMOKE_REDIS ?? "redis://127.0.0.1:6379";
const CONNECTIONS = Number(process.env.SMOKE_CONNECTIONS ?? 32);
const LOAD_SECONDS = Number(process.env.SMOKE_SECONDS ?? 24);
const E2E_SPECS = (process.env.SMOKE_E2E ?? "e2e/ui/cast.spec.ts e2e/ui/grids.spec.ts:60 e2e/ui/grids.spec.ts:101 e2e/api/integrator.spec.ts")
  .split(/\s+/)
  .filter(Boolean);
// A `file:line` must still point at a test's first line (an edit above it moves the test).
for (const spec of E2E_SPECS) {
  const [file, line] = spec.split(":");
  if (line && !/^\s*test\(/.test(readFileSync(path.join(import.meta.dirname, "..", file!), "utf8").split("\n")[Number(line) - 1] ?? "")) {
    throw new Error(`SMOKE_E2E: ${spec} is not the first line of a test (the file changed above it?)`);
  }
}
const LB_PORT = 8088;
const PORTS = [3301, 3302] as const;
const BASE = `http://127.0.0.1:${LB_PORT}`;

const work = mkdtempSync(path.join(os.tmpdir(), "forma-smoke-"));
const dbName = `forma_smoke_${randomBytes(4).toString("hex")}`;
const children: ChildProcess[] = [];
let nginx: ChildProcess | null = null;
const say = (m: string) => process.stdout.write(`[smoke ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
let failed = false;
const check = (ok: boolean, what: string) => {
  say(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

const admin = openPostgres(`${PG}/postgres`, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;
const db = openPostgres(DATABASE_URL, { max: 2, onnotice: () => {} });
const s3 = await startTestS3({ directory: path.join(work, "s3") });

async function cleanup() {
  // nginx's master on SIGTERM (its workers outlive a SIGKILLed master); the instances at once.
  for (const c of children) if (c.exitCode === null) c.kill(c === nginx ? "SIGTERM" : "SIGKILL");
  if (nginx && nginx.exitCode === null) await new Promise((r) => nginx!.once("exit", r));
  await db.end({ timeout: 1 }).catch(() => {});
  await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end({ timeout: 1 }).catch(() => {});
  await s3.stop().catch(() => {});
}

/**
 * A command, run without blocking this process: the S3 server the instances use lives in it.
 * `inherit`: its output goes to ours (else it is collected and returned).
 */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, inherit = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${cmd} ${args.join(" ")} failed: ${String(stderr).slice(-2000)}`)) : resolve(String(stdout)),
    );
    if (inherit) {
      child.stdout!.pipe(process.stdout);
      child.stderr!.pipe(process.stderr);
    }
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(url: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const instanceEnv = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: path.join(work, `data-${port}`), // no shared disk: media in S3, secrets in the database
  DATABASE_URL,
  REDIS_URL: REDIS,
  PUBLIC_BASE_URL: BASE,
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  ...s3Env(s3),
});

function startInstance(port: number): ChildProcess {
  const child = spawn(process.execPath, ["dist/server.js"], { cwd: root, env: instanceEnv(port), stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (d: Buffer) => {
    const line = d.toString().trim();
    if (line && !/ECONNRESET|socket hang up/.test(line)) process.stderr.write(`[instance ${port}] ${line.slice(0, 400)}\n`);
  });
  children.push(child);
  return child;
}

function startNginx(): ChildProcess {
  // deploy/nginx.conf as written for compose.yaml, pointed at this machine's instances.
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace(/server app1:3000/g, `server 127.0.0.1:${PORTS[0]}`)
    .replace(/server app2:3000/g, `server 127.0.0.1:${PORTS[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${LB_PORT};`);
  const isRoot = process.getuid?.() === 0;
  const conf = `${isRoot ? "user root;\n" : ""}worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$msec $upstream_addr $status $request_method $request_uri';
  access_log ${work}/nginx-access.log upstream;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
${site}
}
`;
  writeFileSync(path.join(work, "nginx.conf"), conf);
  const child = spawn("nginx", ["-p", work, "-c", path.join(work, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
  children.push(child);
  return child;
}

interface Load {
  reads: number;
  readFailures: number;
  writes: number;
  acknowledged: Map<string, string>; // Idempotency-Key -> session id
  unresolved: string[]; // writes in flight on the killed instance that could not be settled
  retries: number;
  latencies: number[];
}

async function runLoad(apiKey: string, workoutId: string, until: () => boolean): Promise<Load> {
  const load: Load = { reads: 0, readFailures: 0, writes: 0, acknowledged: new Map(), unresolved: [], retries: 0, latencies: [] };
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  const timed = async (url: string, init: RequestInit) => {
    const t = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = await res.text();
      load.latencies.push(performance.now() - t);
      return { status: res.status, body };
    } catch {
      load.latencies.push(performance.now() - t);
      return { status: 0, body: "" };
    }
  };
  async function client(n: number) {
    for (let i = 0; !until(); i++) {
      if (i % 4 !== 3) {
        load.reads++;
        const r = await timed(`${BASE}/v1/workouts/${workoutId}`, { headers });
        if (r.status !== 200) load.readFailures++;
        continue;
      }
      // A write the client retries under one Idempotency-Key until it has an answer.
      load.writes++;
      const key = `smoke-${n}-${i}-${randomBytes(3).toString("hex")}`;
      let settled = false;
      for (let attempt = 0; attempt < 40 && !settled; attempt++) {
        if (attempt > 0) {
          load.retries++;
          await sleep(250);
        }
        const r = await timed(`${BASE}/v1/workouts/${workoutId}/sessions/start`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": key },
          body: "{}",
        });
        if (r.status === 201) {
          load.acknowledged.set(key, (JSON.parse(r.body) as { data: { id: string } }).data.id);
          settled = true;
        } else if (r.status !== 0 && r.status < 500 && r.status !== 409 && r.status !== 429) {
          throw new Error(`write refused: ${r.status} ${r.body.slice(0, 200)}`);
        }
      }
      if (!settled) load.unresolved.push(key);
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => client(n)));
  return load;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

try {
  if (!existsSync(path.join(root, "dist/server.js")) || !existsSync(path.join(root, ".next/BUILD_ID"))) {
    say("building (npm run build)");
    await run("npm", ["run", "--silent", "build"], process.env, true);
  }
  // One instance first: it migrates and creates the demo workspace of the empty database.
  const t0 = Date.now();
  const first = startInstance(PORTS[0]);
  await waitFor(`http://127.0.0.1:${PORTS[0]}/health`, 120);
  let second = startInstance(PORTS[1]);
  await waitFor(`http://127.0.0.1:${PORTS[1]}/health`, 120);
  nginx = startNginx();
  await waitFor(`${BASE}/health`, 20);
  say(`two instances and nginx up in ${((Date.now() - t0) / 1000).toFixed(1)} s (S3 at ${s3.endpoint}, database ${dbName})`);

  const seedOut = await run("npm", ["run", "--silent", "seed", "--", "--json"], { ...instanceEnv(PORTS[0]), LOG_LEVEL: "silent" });
  const seed = JSON.parse(seedOut.trim().split("\n").pop()!) as { organizationId: string; apiKey: string; workoutIds: string[] };
  // The load is about failover, not the plan's hourly cap.
  await db`update organizations set subscription_plan = 'internal' where id = ${seed.organizationId}`;

  // Both instances answer through nginx, and media comes from S3 through either.
  const list = await fetch(`${BASE}/v1/orgs/${seed.organizationId}/workouts`, { headers: { "x-api-key": seed.apiKey } });
  check(list.status === 200, `GET /v1/orgs/{id}/workouts through nginx: ${list.status}`);
  const playlist = await fetch(`${BASE}/v1/workouts/${seed.workoutIds[0]}/playlist`, { headers: { "x-api-key": seed.apiKey } });
  const playlistBody = (await playlist.json()) as { data: unknown };
  const mediaUrl = JSON.stringify(playlistBody).match(/"(\/media\/[^"]+|https?:\/\/[^"]+\/media\/[^"]+)"/)?.[1];
  check(playlist.status === 200 && Boolean(mediaUrl), `playlist through nginx: ${playlist.status}`);
  if (mediaUrl) {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(new URL(mediaUrl, BASE), { headers: { range: "bytes=0-1023" } })).status);
    check(
      statuses.every((s) => s === 206),
      `signed media Range request through nginx, four times (both instances, from S3): ${statuses.join(" ")}`,
    );
  }

  if (E2E_SPECS.length) {
    say(`browser tests through nginx: ${E2E_SPECS.join(" ")}`);
    const t = Date.now();
    try {
      await run(
        "npx",
        // Its own output directory: CI runs the main browser tests at the same time, and Playwright
        // empties its output directory when a run starts.
        ["playwright", "test", "--output", path.join(work, "test-results"), ...E2E_SPECS],
        { ...instanceEnv(PORTS[0]), E2E_BASE_URL: BASE, E2E_DATA_DIR: instanceEnv(PORTS[0]).DATA_DIR, LOG_LEVEL: "warn" },
        true,
      );
      check(true, `browser tests through nginx (${((Date.now() - t) / 1000).toFixed(0)} s)`);
    } catch {
      check(false, "browser tests through nginx");
    }
  }

  // Load, then SIGKILL the second instance a third of the way in and restart it at two thirds.
  const workoutId = seed.workoutIds[0]!;
  const sessionsBefore = Number((await db`select count(*)::int as n from workout_sessions where workout_id = ${workoutId}`)[0]!.n);
  const loadStart = Date.now();
  const end = loadStart + LOAD_SECONDS * 1000;
  let killedAt = 0;
  let restartedAt = 0;
  const chaos = (async () => {
    await sleep((LOAD_SECONDS * 1000) / 3);
    second.kill("SIGKILL");
    killedAt = Date.now();
    say(`SIGKILL instance ${PORTS[1]} under load`);
    await sleep((LOAD_SECONDS * 1000) / 6);
    second = startInstance(PORTS[1]);
    await waitFor(`http://127.0.0.1:${PORTS[1]}/health`, 60);
    restartedAt = Date.now();
    say(`instance ${PORTS[1]} restarted and healthy after ${((restartedAt - killedAt) / 1000).toFixed(1)} s`);
  })();
  // The load runs on until the restarted instance has been back for a while: nginx leaves an
  // upstream that failed max_fails times alone for fail_timeout (10 s, deploy/nginx.conf) first.
  const load = await runLoad(seed.apiKey, workoutId, () => Date.now() > end && restartedAt > 0 && Date.now() > restartedAt + 15_000);
  await chaos;

  const ids = [...load.acknowledged.values()];
  const rows = await db`select id from workout_sessions where workout_id = ${workoutId}`;
  const inDb = new Set(rows.map((r) => String(r.id)));
  const lost = ids.filter((id) => !inDb.has(id));
  const extra = rows.length - sessionsBefore - ids.length;
  const seconds = (Date.now() - loadStart) / 1000;
  const requests = load.latencies.length;

  // Where nginx sent requests after the restart.
  const access = readFileSync(path.join(work, "nginx-access.log"), "utf8").trim().split("\n");
  const servedBySecond = access.filter((l) => {
    const [msec, upstream, status] = l.split(" ");
    return Number(msec) * 1000 > restartedAt && upstream === `127.0.0.1:${PORTS[1]}` && status?.startsWith("2");
  }).length;

  say(
    `load: ${requests} requests in ${seconds.toFixed(1)} s over ${CONNECTIONS} connections (${(requests / seconds).toFixed(0)}/s), p50 ${pct(load.latencies, 50).toFixed(0)} ms, p99 ${pct(load.latencies, 99).toFixed(0)} ms, max ${pct(load.latencies, 100).toFixed(0)} ms`,
  );
  say(
    `reads: ${load.reads}, failed ${load.readFailures}; writes: ${load.writes}, acknowledged ${load.acknowledged.size}, retries ${load.retries}, unresolved ${load.unresolved.length}`,
  );
  check(new Set(ids).size === ids.length, "every acknowledged write is its own session (no replay answered with another's)");
  check(lost.length === 0, `no acknowledged write lost (${lost.length} missing)`);
  check(
    extra <= load.unresolved.length,
    `no write doubled: ${extra} session(s) beyond the acknowledged ones, at most the ${load.unresolved.length} unresolved`,
  );
  check(load.readFailures <= CONNECTIONS, `only requests in flight on the killed instance failed (${load.readFailures} reads, at most one per connection)`);
  check(load.unresolved.length <= CONNECTIONS, `unresolved writes at most one per connection (${load.unresolved.length})`);
  check(servedBySecond > 0 && restartedAt > 0, `the restarted instance takes traffic again (${servedBySecond} successful requests after its restart)`);
  check(first.exitCode === null, "the first instance stayed up");
  const after = await fetch(`${BASE}/v1/orgs/${seed.organizationId}/workouts`, { headers: { "x-api-key": seed.apiKey } });
  check(after.status === 200, "the API answers after the load");
} catch (err) {
  say(`FAIL ${err instanceof Error ? err.stack : String(err)}`);
  failed = true;
} finally {
  await cleanup();
}
say(failed ? "topology smoke FAILED" : "topology smoke passed");
process.exit(failed ? 1 : 0);
