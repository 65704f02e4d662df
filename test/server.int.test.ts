import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/connect";
import { embeddedSql } from "@/test/faults/support";

/**
 * The real thing: `npm start` (build when needed, then the compiled server: Next and Socket.IO) on a fresh
 * DATA_DIR (or DATABASE_URL), then the run contract's checks over HTTP, including the seed
 * command while the server runs.
 */
const root = path.resolve(import.meta.dirname, "..");
let server: ChildProcess;
let base = "";
let output = "";
let dataDir = "";
let env: NodeJS.ProcessEnv;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "forma-server-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, NODE_ENV: "production", LOG_LEVEL: "warn" };
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 280_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/health`);
      const health = res.status === 200 ? ((await res.json()) as { pages?: string }) : null;
      if (health?.pages === "building" && !whileBuilding) whileBuilding = await observeWhileBuilding();
      if (health && !health.pages && output.includes("Forma is running")) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

/** What a first start answers while its pages are still being built (null when the build existed). */
let whileBuilding: { api: number; page: number; retryAfter: string | null; ready: number; readyChecks: unknown } | null = null;
async function observeWhileBuilding() {
  const org = /organizationId ([0-9a-f]{24})/.exec(output)?.[1];
  const key = /Demo API key\s+(fma_\S+)/.exec(output)?.[1];
  const api = await fetch(`${base}/v1/orgs/${org}/workouts?limit=1`, { headers: { "x-api-key": key ?? "" } });
  const page = await fetch(`${base}/console/sign-in`);
  const ready = await fetch(`${base}/ready`);
  return { api: api.status, page: page.status, retryAfter: page.headers.get("retry-after"), ready: ready.status, readyChecks: ((await ready.json()) as { checks: unknown }).checks };
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A GET with one retry when a kept-alive socket turns out closed: spawnSync (the seed runs) blocks
 * this process while the server times idle connections out, and fetch may reuse one right after.
 */
const get = async (p: string, key?: string) => {
  const once = () => fetch(`${base}${p}`, { headers: key ? { "x-api-key": key } : {} });
  try {
    return await once();
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw err;
    return once();
  }
};

describe("npm start", () => {
  it("on a first start, answers the API while the pages are built, and the pages after", async (ctx) => {
    // Only a start that had to build the pages shows it (CI's first npm start, a fresh clone).
    if (!output.includes("Building Forma's pages")) ctx.skip();
    expect(whileBuilding, output).toMatchObject({ api: 200, page: 503, retryAfter: "5", ready: 503, readyChecks: { pages: "pending" } });
    expect((await get("/console/sign-in")).status).toBe(200);
    // Ready once the job worker runs too (it starts right after the pages).
    const deadline = Date.now() + 60_000;
    let ready = await get("/ready");
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await get("/ready");
    }
    expect(ready.status, await ready.text()).toBe(200);
  });

  it("answers /health without a key", async () => {
    const res = await get("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("prints a working demo workspace key on first start", async () => {
    const org = /organizationId ([0-9a-f]{24})/.exec(output)?.[1];
    const key = /Demo API key\s+(fma_\S+)/.exec(output)?.[1];
    expect(org, output).toBeDefined();
    expect(key, output).toBeDefined();
    const res = await get(`/v1/orgs/${org}/metadata`, key);
    expect(res.status).toBe(200);
    expect(output).toContain(`${base}/docs`);
    expect(output).toContain(`${base}/console`);
    expect(output).toMatch(/Console sign-in \S+@\S+ \/ \S+/);
  });

  it("renders unknown /v1 paths and wrong methods through Next in the envelope", async () => {
    for (const p of ["/v1/workouts", "/v1/categories", "/v1/workouts/categories", "/v1/nope/deeper/still"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect((await res.json()).error.code).toBe("NotFound");
    }
    const res = await fetch(`${base}/v1/workouts/metadata`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe("MethodNotAllowed");
  });

  it("serves the reference, the contract and llms.txt", async () => {
    const doc = await get("/openapi.json");
    expect(doc.status).toBe(200);
    expect((await doc.json()).openapi).toBe("3.1.0");
    const docs = await get("/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("Forma API reference");
    expect((await get("/llms.txt")).status).toBe(200);
  });

  it("seeds a fresh organization pair while the server runs (run contract)", async () => {
    // Asynchronously: a blocked event loop cannot see the server close idle keep-alive sockets, and the
    // next fetch would reuse one the server already closed ("other side closed").
    const run = () =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn("npm", ["run", "--silent", "seed", "--", "--json"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      });
    const r = await run();
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const seed = JSON.parse(lines[0]!);
    const hex = /^[0-9a-f]{24}$/;
    expect(Object.keys(seed).sort()).toEqual(
      [
        "accessToken",
        "apiKey",
        "consoleUser",
        "contentOnlyApiKey",
        "endUser",
        "multiOrgApiKey",
        "organizationId",
        "otherApiKey",
        "otherOrganizationId",
        "otherWorkoutIds",
        "planIds",
        "privateWorkoutIds",
        "suspendedEndUser",
        "videoAssetIds",
        "workoutIds",
      ].sort(),
    );
    expect(seed.consoleUser).toEqual({ email: expect.stringContaining("@"), password: expect.any(String) });
    // The console user signs in through NextAuth (CSRF token, then the credentials callback) and can use the console.
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair!.indexOf("=");
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
    };
    const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const csrf = await fetch(`${base}/api/auth/csrf`);
    keep(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = (password: string) =>
      fetch(`${base}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar(), origin: base },
        body: new URLSearchParams({ csrfToken, email: seed.consoleUser.email, password, json: "true" }),
      });
    const wrong = await signIn("not-the-password");
    expect((await wrong.json()).url).toContain("error=CredentialsSignin");
    const right = await signIn(seed.consoleUser.password);
    keep(right);
    expect((await right.json()).url).not.toContain("error=");
    const workouts = await fetch(`${base}/api/console/orgs/${seed.organizationId}/workouts?limit=1`, { headers: { cookie: jar() } });
    expect(workouts.status).toBe(200);
    expect((await fetch(`${base}/api/console/orgs/${seed.otherOrganizationId}/workouts`, { headers: { cookie: jar() } })).status).toBe(403);
    expect(seed.organizationId).toMatch(hex);
    expect(seed.workoutIds.length).toBeGreaterThanOrEqual(12);
    expect(seed.privateWorkoutIds.length).toBeGreaterThanOrEqual(1);
    expect(seed.planIds.length).toBeGreaterThanOrEqual(3);
    expect(seed.videoAssetIds.length).toBeGreaterThanOrEqual(30);
    expect(seed.otherWorkoutIds.length).toBeGreaterThanOrEqual(1);
    for (const id of [...seed.workoutIds, seed.endUser.id, seed.suspendedEndUser.id]) expect(id).toMatch(hex);
    expect((await get(`/v1/orgs/${seed.organizationId}/metadata`, seed.apiKey)).status).toBe(200);
    expect((await get(`/v1/orgs/${seed.otherOrganizationId}/metadata`, seed.apiKey)).status).toBe(403);
    expect((await get(`/v1/orgs/${seed.otherOrganizationId}/metadata`, seed.multiOrgApiKey)).status).toBe(200);
    expect((await get(`/v1/orgs/${seed.organizationId}/metadata`, seed.contentOnlyApiKey)).status).toBe(401);
    const limit = Number((await get("/v1/workouts/metadata", seed.apiKey)).headers.get("x-ratelimit-limit"));
    expect(limit).toBeGreaterThanOrEqual(10_000_000);
    const again = JSON.parse((await run()).stdout);
    expect(again.organizationId).not.toBe(seed.organizationId);
    expect(again.apiKey).not.toBe(seed.apiKey);
  });

  it("renders the demo library's exports in the background (real ffmpeg from the production start)", async () => {
    const org = /organizationId ([0-9a-f]{24})/.exec(output)![1]!;
    const key = /Demo API key\s+(fma_\S+)/.exec(output)![1]!;
    const ids: string[] = (await (await get(`/v1/orgs/${org}/workouts?limit=50`, key)).json()).data.map((w: { id: string }) => w.id);
    const deadline = Date.now() + 240_000;
    for (;;) {
      for (const id of ids) {
        const res = await get(`/v1/workouts/${id}/export/video/stream_url`, key);
        if (res.status === 200) {
          const media = await fetch(await res.text(), { headers: { range: "bytes=0-7" } });
          expect(media.status).toBe(206);
          expect(Buffer.from(await media.arrayBuffer()).subarray(4, 8).toString("latin1")).toBe("ftyp");
          return;
        }
        expect(res.status).toBe(404);
      }
      if (Date.now() > deadline) throw new Error(`no export of the demo library after 4 minutes:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }, 300_000);

  it("serves the cast channel on /cast/pairing: a display follows its session, bad keys are refused", async () => {
    const key = /Demo API key\s+(fma_\S+)/.exec(output)![1]!;
    // A POST is not retried by fetch when it lands on a kept-alive connection the server just closed
    // after the seed test's idle seconds (an idempotent GET would be): retry that case once.
    const post = async (p: string, body: unknown) => {
      const send = () => fetch(`${base}${p}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify(body) });
      try {
        return await send();
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw err;
        return send();
      }
    };
    const session = (await (await post("/v1/cast/pairing/session", {})).json()).data;
    expect(session.socketIO.fullUrl).toBe(`${base}/cast/pairing?sessionId=${session.id}&role=display`);
    // The contract's handshake: the response's fullUrl and the key, nothing else.
    const ok = connect(session.socketIO.fullUrl, { auth: { apiKey: key }, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      ok.on("connect", () => resolve());
      ok.on("connect_error", reject);
    });
    const paired = new Promise((resolve) => ok.on("device-paired", resolve));
    expect((await post("/v1/cast/pairing/join", { sessionId: session.id, code: session.code, deviceId: "smoke-phone" })).status).toBe(200);
    expect(await paired).toMatchObject({ sessionId: session.id, device: { deviceId: "smoke-phone" } });
    ok.close();
    const bad = connect(`${base}/cast/pairing`, { auth: { apiKey: "nope", sessionId: session.id }, transports: ["websocket"], reconnection: false });
    const err = await new Promise<Error & { data?: { code: string } }>((resolve) => bad.on("connect_error", resolve));
    expect(err.data?.code).toBe("Unauthorized");
    bad.close();
  });
});

describe("the production runtime", () => {
  it("is the compiled server on plain node, and keeps to its connection budget under API, page and console traffic", async () => {
    expect(existsSync(path.join(root, "dist", "server.js"))).toBe(true);
    const deep = await (await get("/health?deep=1")).json();
    expect(deep.connections.total).toBe(deep.connections.requests + deep.connections.listen + deep.connections.jobs + deep.connections.realtime);
    const org = /organizationId ([0-9a-f]{24})/.exec(output)![1]!;
    const key = /Demo API key\s+(fma_\S+)/.exec(output)![1]!;
    // API calls (the compiled server's module copy) and pages (Next's) at once, enough of each to
    // fill a pool of its own.
    await Promise.all([
      ...Array.from({ length: 60 }, () => get(`/v1/orgs/${org}/workouts?limit=5`, key).then((r) => r.arrayBuffer())),
      ...Array.from({ length: 20 }, () => get(`/workouts?orgId=${org}`).then((r) => r.arrayBuffer())),
      ...Array.from({ length: 4 }, () => get("/console/sign-in").then((r) => r.arrayBuffer())),
    ]);
    const url = process.env.DATABASE_URL;
    const sql = url ? openPostgres(url, { max: 1, onnotice: () => {} }) : await embeddedSql(dataDir);
    try {
      const rows = await sql<{ app: string; n: number }[]>`
        select application_name as app, count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like 'forma%' group by 1`;
      const count = (app: string) => rows.find((r) => r.app === app)?.n ?? 0;
      // One request pool for both module copies (it was a pool each: twice DB_POOL_MAX), plus its LISTEN.
      expect(count("forma")).toBeGreaterThan(0);
      expect(count("forma")).toBeLessThanOrEqual(deep.connections.requests + deep.connections.listen);
      expect(rows.reduce((n, r) => n + r.n, 0)).toBeLessThanOrEqual(deep.connections.total);
    } finally {
      await sql.end();
    }
  });
});
