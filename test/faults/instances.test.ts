import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/connect";
import { type ServerProcess, api, cleanUp, freshDatabase, seed, startServer, tempDir, waitFor } from "./support";

/**
 * Two instances on one DATABASE_URL (and REDIS_URL when the run has one, as CI's second pass
 * does), as behind a load balancer: rate-limit caps hold across both, a write through one (or
 * any other writer) is seen through the other on the next request, and a job runs once.
 */
const dataDir = tempDir("instances");
let databaseUrl = "";
let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
let sql: postgres.Sql;
const servers: ServerProcess[] = [];
let demo: ReturnType<typeof seed> & { otherApiKey: string; otherOrganizationId: string; multiOrgApiKey: string };

beforeAll(async () => {
  database = await freshDatabase("instances", tempDir("instances-db"));
  databaseUrl = database.url;
  const redisUrl = process.env.REDIS_URL;
  servers.push(await startServer({ dataDir, databaseUrl, redisUrl }));
  servers.push(await startServer({ dataDir, databaseUrl, redisUrl }));
  demo = seed(servers[0]!.env) as typeof demo;
  sql = openPostgres(databaseUrl, { max: 2, onnotice: () => {} });
}, 400_000);

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  for (const s of servers) await s.stop();
  await cleanUp(dataDir, []);
  await database?.drop().catch(() => {});
});

const [a, b] = [() => servers[0]!, () => servers[1]!];

describe("two instances on one database", () => {
  it("hold the hourly cap together: never more admitted than the cap, and all of it usable", async () => {
    const cap = 150;
    await sql`update organizations set hourly_cap = ${cap} where id = ${demo.otherOrganizationId}`;
    const key = demo.otherApiKey;
    const path = "/v1/workouts/metadata";
    await waitFor("both instances to apply the new cap", 5_000, async () => {
      const [x, y] = await Promise.all([api(a().base, path, { key }), api(b().base, path, { key })]);
      return x.headers.get("x-ratelimit-limit") === String(cap) && y.headers.get("x-ratelimit-limit") === String(cap);
    });
    // Waves of concurrent requests through both instances, twice the cap in all.
    let admitted = 0;
    for (let wave = 0; wave < 10; wave++) {
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => api((i % 2 ? a : b)().base, path, { key })));
      for (const r of results) {
        if (r.status === 200) admitted++;
        else expect(r.status, r.text).toBe(429);
      }
    }
    // What was admitted before the cap was set also counts: read the store's view of the key back.
    await new Promise((r) => setTimeout(r, 1_300)); // unused leases return to the store
    for (let i = 0; i < cap; i++) {
      const r = await api((i % 2 ? a : b)().base, path, { key });
      if (r.status === 429) break;
      admitted++;
    }
    const first = Number((await api(a().base, path, { key })).headers.get("x-ratelimit-remaining"));
    expect(first).toBe(0);
    expect(admitted).toBeLessThanOrEqual(cap);
    expect(admitted).toBeGreaterThanOrEqual(cap - 10); // the few calls made while the new cap spread
  }, 120_000);

  it("see a revoked key, a changed plan, reference data and content changed elsewhere on the next request", async () => {
    const path = `/v1/orgs/${demo.organizationId}/metadata`;
    for (const s of [a(), b()]) expect((await api(s.base, path, { key: demo.multiOrgApiKey })).status).toBe(200);
    await sql`update api_keys set revoked_at = now() where hash = encode(sha256(${demo.multiOrgApiKey}::bytea), 'hex')`;
    for (const s of [a(), b()]) {
      const started = Date.now();
      await waitFor("the revoked key to fail", 2_000, async () => (await api(s.base, path, { key: demo.multiOrgApiKey })).status === 401);
      expect(Date.now() - started).toBeLessThan(1_000);
    }

    await sql`update organizations set hourly_cap = 4321 where id = ${demo.organizationId}`;
    for (const s of [a(), b()]) {
      await waitFor("the new cap", 2_000, async () => (await api(s.base, "/v1/workouts/metadata", { key: demo.apiKey })).headers.get("x-ratelimit-limit") === "4321");
    }

    const categories = (await api(a().base, "/v1/workouts/metadata", { key: demo.apiKey })).body.data.categories;
    const category = categories[0].id as string;
    await sql`update categories set name = name || ${sql.json({ "en-US": "Renamed elsewhere" })} where id = ${category}`;
    for (const s of [a(), b()]) {
      await waitFor("the renamed category", 2_000, async () => (await api(s.base, "/v1/workouts/metadata", { key: demo.apiKey })).body.data.categories[0].name === "Renamed elsewhere");
    }

    const workoutId = demo.workoutIds[0]!;
    const list = `/v1/orgs/${demo.organizationId}/workouts?limit=50`;
    for (const s of [a(), b()]) expect((await api(s.base, list, { key: demo.apiKey })).status).toBe(200); // cached now
    await sql`update workouts set name = name || ${sql.json({ "en-US": "Edited in the console" })}, updated_at = now() where id = ${workoutId}`;
    for (const s of [a(), b()]) {
      const items = (await api(s.base, list, { key: demo.apiKey })).body.data as { id: string; name: string }[];
      expect(items.find((w) => w.id === workoutId)?.name).toBe("Edited in the console");
      expect((await api(s.base, `/v1/workouts/${workoutId}`, { key: demo.apiKey })).body.data.name).toBe("Edited in the console");
    }

    // A session written through one instance is read through the other.
    const started = await api(a().base, `/v1/workouts/${workoutId}/sessions/start`, { key: demo.apiKey, body: { endUserId: demo.endUser.id } });
    const sessionId = started.body.data.id;
    await api(b().base, `/v1/workouts/${workoutId}/sessions/${sessionId}`, { key: demo.apiKey, method: "PATCH", body: { endUserId: demo.endUser.id, progressSeconds: 42 } });
    expect((await api(a().base, `/v1/workouts/${workoutId}/sessions/${sessionId}?endUserId=${demo.endUser.id}`, { key: demo.apiKey })).body.data.duration).toBe(42);
  }, 120_000);

  it("run a job once although both instances run workers", async () => {
    const member = demo.endUser.id;
    const ids = demo.workoutIds.slice(3, 8);
    await api(a().base, `/v1/orgs/${demo.organizationId}/endusers/${member}/workouts/unassign`, { key: demo.apiKey, body: { workoutIds: ids } });
    const since = new Date();
    const res = await api(b().base, `/v1/orgs/${demo.organizationId}/endusers/${member}/workouts/assign`, { key: demo.apiKey, body: { workoutIds: ids } });
    expect(res.status, res.text).toBe(200);
    // Emails are sent (log transport); a push to a member without a registered device is given up
    // at once (docs/push.md). Either way each row is handled by exactly one attempt.
    const rows = await waitFor("the notifications to be delivered", 30_000, async () => {
      const r = await sql<{ channel: string; status: string; attempts: number }[]>`select channel, status, attempts from notifications_outbox where end_user_id = ${member} and created_at >= ${since}`;
      return r.length > 0 && r.every((x) => x.status === "sent" || (x.channel === "push" && x.status === "failed")) ? r : null;
    });
    for (const row of rows) expect(row.attempts).toBe(1);
  }, 60_000);
});
