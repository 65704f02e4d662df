import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer, tempDir } from "./support";

/**
 * Readiness and draining on the real thing (`npm start`): /ready is 200 once the database, the
 * migrations and the job worker are there; after SIGTERM it answers 503 for SHUTDOWN_DRAIN_SECONDS
 * while /health and the API still answer, then the process exits cleanly. The same run checks what
 * only the compiled server with Next shows: a page request's access-log line and its series in
 * /metrics, labelled with the page's route template.
 */
const dataDir = tempDir("drain");
let server: ServerProcess | null = null;

beforeAll(async () => {
  server = await startServer({ dataDir, env: { SHUTDOWN_DRAIN_SECONDS: "4", LOG_LEVEL: "info", ACCESS_LOG_SAMPLE: "1" } });
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("readiness and draining", () => {
  it("answers /ready 200, then 503 while draining after SIGTERM while /health and the API still answer, then exits", async () => {
    if (!server) throw new Error("no server");
    const { base } = server;
    // The job worker starts right after the listener: /ready follows within seconds.
    let ready = await fetch(`${base}/ready`);
    for (let i = 0; i < 60 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await fetch(`${base}/ready`);
    }
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", pages: "ok" } });

    // A page through Next: its access-log line and metrics series carry the route template.
    const page = await fetch(`${base}/console/sign-in`);
    expect(page.status).toBe(200);
    await page.text();
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/forma_http_request_duration_seconds_count\{route="\/console\/sign-in",method="GET",status="2xx"\} [1-9]/);
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.route === "/console/sign-in")).toMatchObject({ level: "info", method: "GET", status: 200 });

    const exited = new Promise<number | null>((r) => server!.child.once("exit", (code) => r(code)));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    let draining: Response | null = null;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${base}/ready`);
      if (res.status === 503) {
        draining = res;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(draining, "no 503 from /ready after SIGTERM").not.toBeNull();
    expect(draining!.headers.get("retry-after")).toBe("5");
    const body = (await draining!.json()) as { error: { code: string }; status: string };
    expect(body.error.code).toBe("ServiceUnavailable");
    expect(body.status).toBe("draining");
    // Liveness and the API still answer while draining.
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(`${base}/v1/workouts/metadata`)).status).toBe(401);
    // It then exits by itself, cleanly (0), even when a job (the demo workspace's first export
    // renders) still runs: jobs get what is left of the shutdown budget, then stay queued for retry.
    const code = await exited;
    expect(code, server.output().slice(-2000)).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_500);
  });
});
