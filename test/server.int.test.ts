import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The real thing: `npm start` (build when needed, server.ts with Next and Socket.IO) on a fresh
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
  server = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 280_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200 && output.includes("Forma is running")) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (p: string, key?: string) => fetch(`${base}${p}`, { headers: key ? { "x-api-key": key } : {} });

describe("npm start", () => {
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
    const run = () => spawnSync("npm", ["run", "--silent", "seed", "--", "--json"], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const seed = JSON.parse(lines[0]!);
    const hex = /^[0-9a-f]{24}$/;
    expect(Object.keys(seed).sort()).toEqual(
      ["accessToken", "apiKey", "contentOnlyApiKey", "endUser", "multiOrgApiKey", "organizationId", "otherApiKey", "otherOrganizationId", "otherWorkoutIds", "planIds", "privateWorkoutIds", "suspendedEndUser", "videoAssetIds", "workoutIds"].sort(),
    );
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
    const again = JSON.parse(run().stdout);
    expect(again.organizationId).not.toBe(seed.organizationId);
    expect(again.apiKey).not.toBe(seed.apiKey);
  });

  it("accepts Socket.IO connections on /cast/pairing with an API key only", async () => {
    const key = /Demo API key\s+(fma_\S+)/.exec(output)![1]!;
    const ok = connect(`${base}/cast/pairing`, { auth: { apiKey: key }, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      ok.on("connect", () => resolve());
      ok.on("connect_error", reject);
    });
    ok.close();
    const bad = connect(`${base}/cast/pairing`, { auth: { apiKey: "nope" }, transports: ["websocket"], reconnection: false });
    const err = await new Promise<Error>((resolve) => bad.on("connect_error", resolve));
    expect(err.message).toBe("Unauthorized");
    bad.close();
  });
});
