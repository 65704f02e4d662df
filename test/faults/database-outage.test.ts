import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/db/embedded";
import { type ServerProcess, api, cleanUp, postmasterPid, seed, startServer, stopPostmaster, tempDir, waitFor } from "./support";

/**
 * The database stops while requests are in flight: every request ends within seconds, as a
 * success or a 503 ServiceUnavailable envelope with Retry-After (no hang, no 500), /health says
 * so, and the service recovers by itself once the database is back.
 */
const dataDir = tempDir("outage");
let server: ServerProcess | null = null;
let demo: ReturnType<typeof seed>;
let restarted: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) return; // skipped in that run (see below)
  server = await startServer({ dataDir });
  demo = seed(server.env);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await restarted?.stop().catch(() => {});
  await cleanUp(dataDir, [server]);
});

/**
 * "Fast" is well under the 30 s statement timeout a hung request would wait: the connect timeout
 * (5 s) plus room for a loaded 2-core CI machine (7.8 s was seen there once).
 */
const FAST_MS = 10_000;

// These use their own embedded PostgreSQL whatever the environment says: the run without DATABASE_URL covers them.
describe.skipIf(Boolean(process.env.DATABASE_URL))("database outage", () => {
  it("fails requests fast with 503 while the database is down, and recovers by itself", async () => {
    const org = demo.organizationId;
    const member = demo.endUser.id;
    const calls = () => [
      api(server!.base, `/v1/orgs/${org}/workouts?limit=5`, { key: demo.apiKey }),
      api(server!.base, `/v1/workouts/${demo.workoutIds[1]}/playlist`, { key: demo.apiKey }),
      api(server!.base, `/v1/orgs/${org}/endusers/${member}/workouts/assign`, { key: demo.apiKey, body: { workoutIds: demo.workoutIds.slice(2, 4), sendAssignmentEmail: false } }),
      api(server!.base, `/v1/workouts/${demo.workoutIds[0]}/sessions/start`, { key: demo.apiKey, body: { endUserId: member } }),
      api(server!.base, `/v1/orgs/${org}/workouts/recommend`, { key: demo.apiKey, body: {} }),
    ];
    // Warm: every kind answers while the database is up (the key and organization are cached now).
    for (const res of await Promise.all(calls())) expect(res.status, res.text).toBeLessThan(300);

    // In flight: a wave of requests, and the database stops (fast shutdown) while they run.
    const inFlight = Promise.all(Array.from({ length: 6 }, calls).flat());
    await new Promise((r) => setTimeout(r, 30));
    const pid = postmasterPid(dataDir)!;
    await stopPostmaster(dataDir);
    for (const res of await inFlight) {
      expect(res.ms, `${res.path}: ${res.text}`).toBeLessThan(FAST_MS);
      if (res.status >= 300) {
        expect(res.status, res.text).toBe(503);
        expect(res.body.error.code).toBe("ServiceUnavailable");
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }

    // Down: new requests fail fast in the envelope; /health reports it.
    for (const res of await Promise.all(calls())) {
      expect(res.status, res.text).toBe(503);
      expect(res.body.error.code).toBe("ServiceUnavailable");
      expect(res.ms, res.path).toBeLessThan(FAST_MS);
    }
    const health = await api(server!.base, "/health");
    expect(health.status).toBe(503);

    // Back: the database starts again on the same data folder; the server reconnects without a restart.
    restarted = await startEmbeddedPostgres(dataDir);
    expect(restarted.owner).toBe(true);
    expect(postmasterPid(dataDir)).not.toBe(pid);
    await waitFor("the service to recover", 20_000, async () => (await api(server!.base, "/health")).status === 200);
    let last = "";
    await waitFor("API requests to succeed again", 20_000, async () => {
      const results = await Promise.all(calls());
      last = results.map((r) => `${r.path} ${r.status} ${r.status >= 300 ? r.text.slice(0, 200) : ""}`).join("\n");
      return results.every((r) => r.status < 300);
    }).catch((err) => {
      throw new Error(`${(err as Error).message}; last answers:\n${last}\nserver log (end):\n${server!.output().slice(-4000)}`);
    });
    expect(server!.child.exitCode).toBeNull();
  }, 120_000);
});
