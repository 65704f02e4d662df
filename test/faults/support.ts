import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { openPostgres } from "@/db/connect";
import { startEmbeddedPostgres } from "@/db/embedded";

/**
 * Fault and several-instance tests run the real thing: `npm start` (scripts/start.mjs: build when
 * needed, then server.ts with its database, job worker and direct API dispatcher) as child
 * processes, killed, restarted and doubled the way production would do it.
 */
export const root = path.resolve(import.meta.dirname, "../..");

/**
 * A database of a fault test's own: a new database on DATABASE_URL's server when the run has one
 * (CI's PostgreSQL pass), else a throw-away embedded PostgreSQL in `dataDir`. `drop()` removes it.
 */
export async function freshDatabase(label: string, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (!external) {
    const embedded = await startEmbeddedPostgres(dataDir, { ephemeral: true });
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `forma_${label}_${randomBytes(4).toString("hex")}`;
  const admin = openPostgres(external, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(external);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = openPostgres(external, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `forma-${prefix}-`));
}

export interface ServerProcess {
  base: string;
  port: number;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  port?: number;
  env?: Record<string, string>;
}

/**
 * A server's environment on `port`: this process's, without the test run's DATABASE_URL, REDIS_URL
 * and VITEST (the server uses its own embedded PostgreSQL unless `opts` names a database).
 */
export function serverEnv(opts: ServerOptions, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.VITEST;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  return env;
}

/** Starts `npm start` and waits until it answers /health (a first start may build: up to 4 minutes). */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(opts, port);
  // `node scripts/start.mjs`, not `npm start`: npm runs the script in a child process, which a SIGKILL of npm would orphan.
  const { child, output, exited } = spawnServer(["scripts/start.mjs"], env);
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      // Healthy, and the pages served too (a first start answers the API before they are built).
      if (output().includes("Forma is running") && (await fetch(`${base}/ready`)).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return serverHandle({ base, port, env, child, output, exited });
}

/** Spawns a server process from the project root, collecting its stdout and stderr. */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return { child, output: () => out, exited };
}

/** A started server's handle: kill() is a crash (SIGKILL), stop() a shutdown (SIGTERM, SIGKILL after 15 s). */
function serverHandle(p: Omit<ServerProcess, "kill" | "stop"> & { exited: Promise<void> }): ServerProcess {
  const { exited, ...rest } = p;
  const stopped = () => p.child.exitCode !== null || p.child.signalCode !== null;
  return {
    ...rest,
    async kill() {
      if (!stopped()) p.child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (!stopped()) p.child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (!stopped()) p.child.kill("SIGKILL");
    },
  };
}

/** The run contract's seed command against a server's environment. */
export function seed(env: NodeJS.ProcessEnv): {
  apiKey: string;
  organizationId: string;
  workoutIds: string[];
  planIds: string[];
  endUser: { id: string; email: string };
} {
  const r = spawnSync("npm", ["run", "--silent", "seed", "--", "--json"], { cwd: root, env, encoding: "utf8", timeout: 180_000 });
  if (r.status !== 0) throw new Error(`seed failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!);
}

/** A connection to the embedded PostgreSQL of `dataDir` (reused, never started or stopped here). */
export async function embeddedSql(dataDir: string): Promise<postgres.Sql> {
  const handle = await startEmbeddedPostgres(dataDir);
  if (handle.owner) throw new Error("the embedded PostgreSQL was not running");
  return openPostgres(handle.url, { max: 4, onnotice: () => {} });
}

export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, "pg", "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isFinite(pid) && pid > 0 ? pid : null;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the embedded PostgreSQL of `dataDir` (fast shutdown) and waits for it to exit. */
export async function stopPostmaster(dataDir: string, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !alive(pid)) return;
  process.kill(pid, signal);
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

/** Stops whatever still runs on `dataDir` and removes it. */
export async function cleanUp(dataDir: string, servers: (ServerProcess | null | undefined)[]): Promise<void> {
  for (const s of servers) await s?.kill().catch(() => {});
  await stopPostmaster(dataDir).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function api(base: string, pathname: string, init: { key?: string; method?: string; body?: unknown } = {}) {
  const started = Date.now();
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.key ? { "x-api-key": init.key } : {}), ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    path: pathname,
    status: res.status,
    headers: res.headers,
    text,
    body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
    ms: Date.now() - started,
  };
}

/**
 * The API alone under tsx (test/faults/api-server.ts) on `databaseUrl`: starts in seconds and needs
 * no build, for tests that kill and restart a server around one request.
 */
export async function startApiServer(opts: { databaseUrl: string; dataDir: string; port?: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    PUBLIC_BASE_URL: base,
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  delete env.VITEST;
  delete env.REDIS_URL;
  const { child, output, exited } = spawnServer(["--import", "tsx", "test/faults/api-server.ts"], env);
  await waitFor("the API server to start", 60_000, async () => child.exitCode !== null || output().includes("api-server ready")).catch((err) => {
    child.kill("SIGKILL");
    throw new Error(`${err.message}\n${output()}`);
  });
  if (child.exitCode !== null) throw new Error(`the API server exited (${child.exitCode}):\n${output()}`);
  return serverHandle({ base, port, env, child, output, exited });
}
