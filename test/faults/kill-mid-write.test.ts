import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, api, cleanUp, embeddedSql, postmasterPid, seed, startServer, tempDir, waitFor } from "./support";

/**
 * A server SIGKILLed in the middle of a write leaves all of it or none of it. The test holds a
 * lock on a table (or row) the write reaches last, so the server's transaction is provably in the
 * middle (its first rows written, the next statement waiting), kills the server, releases the
 * lock, and checks the database; then a restarted server (which finds the embedded PostgreSQL the
 * killed one left running and reuses it) takes the same request whole.
 */
const dataDir = tempDir("kill");
let server: ServerProcess | null = null;
let sql: postgres.Sql;
let demo: ReturnType<typeof seed>;

beforeAll(async () => {
  if (process.env.DATABASE_URL) return; // skipped in that run (see below)
  server = await startServer({ dataDir });
  demo = seed(server.env);
  sql = await embeddedSql(dataDir);
}, 300_000);

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await cleanUp(dataDir, [server]);
});

/** The server's backend that waits for a lock, with the relations it already holds write locks on. */
async function blockedBackend(): Promise<{ pid: number; writing: string[] }> {
  return waitFor("the server's write to wait on the test's lock", 10_000, async () => {
    const rows = await sql<{ pid: number; writing: string[] }[]>`
      select a.pid, coalesce(array_agg(distinct c.relname) filter (where l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'), '{}') as writing
      from pg_stat_activity a join pg_locks l on l.pid = a.pid left join pg_class c on c.oid = l.relation
      where a.application_name = 'forma' and a.wait_event_type = 'Lock'
      group by a.pid`;
    return rows[0] ?? null;
  });
}

/** Holds `lock` in a transaction until the returned release is called. */
async function holdLock(statement: string, params: string[] = []): Promise<() => Promise<void>> {
  const reserved = await sql.reserve();
  await reserved.unsafe("begin");
  await reserved.unsafe(statement, params);
  return async () => {
    await reserved.unsafe("rollback");
    reserved.release();
  };
}

/** Kills the server while `request` is blocked on the lock; returns what the blocked backend had written. */
async function killDuring(request: () => Promise<unknown>, lock: string, params: string[] = []): Promise<string[]> {
  const release = await holdLock(lock, params);
  let answered: unknown = null;
  const pending = request().then(
    (res) => (answered = res),
    () => null, // the connection dies with the server
  );
  let backend: { pid: number; writing: string[] };
  try {
    backend = await blockedBackend().catch((err) => {
      throw new Error(`${err.message}; the request answered ${JSON.stringify(answered)}`);
    });
    await server!.kill();
    await pending;
  } finally {
    await release();
  }
  // The killed server's transaction ends once its backend notices the closed connection.
  await waitFor("the killed server's backend to end", 10_000, async () => (await sql`select 1 from pg_stat_activity where pid = ${backend.pid}`).length === 0);
  return backend.writing;
}

/** Starts the server again: it finds the PostgreSQL the killed one left running (same postmaster) and reuses it. */
async function restart(): Promise<void> {
  const postmaster = postmasterPid(dataDir);
  expect(postmaster).not.toBeNull();
  server = await startServer({ dataDir, port: server!.port });
  expect(postmasterPid(dataDir)).toBe(postmaster);
}

// These use their own embedded PostgreSQL whatever the environment says: the run without DATABASE_URL covers them.
describe.skipIf(Boolean(process.env.DATABASE_URL))("SIGKILL in the middle of a write", () => {
  it("health-data batch: no entry and no day summary, then the whole batch after a restart", async () => {
    const member = demo.endUser.id;
    const day = (i: number) => new Date(Date.now() - (i + 2) * 86_400_000).toISOString().slice(0, 10);
    const entries = Array.from({ length: 20 }, (_, i) => ({ dataType: "steps", externalId: `fault-${i}`, recordedAt: `${day(i)}T12:00:00Z`, count: 1000 + i }));
    const path = `/v1/orgs/${demo.organizationId}/endusers/${member}/insights/health-data`;
    const count = async () => (await sql`select count(*)::int as n from health_entries where end_user_id = ${member} and external_id like 'fault-%'`)[0]!.n;
    const days = async () => (await sql`select count(*)::int as n from health_day_summaries where end_user_id = ${member} and local_date = any(${entries.map((_, i) => day(i))}::date[])`)[0]!.n;
    const daysBefore = await days();

    const writing = await killDuring(() => api(server!.base, path, { key: demo.apiKey, body: { entries } }), "lock table health_day_summaries in exclusive mode");
    expect(writing).toContain("health_entries"); // the entries were written when the server died
    expect(await count()).toBe(0);
    expect(await days()).toBe(daysBefore);

    await restart();
    const res = await api(server!.base, path, { key: demo.apiKey, body: { entries } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.summary).toMatchObject({ received: 20, created: 20, failed: 0 });
    expect(await count()).toBe(20);
    expect(await days()).toBeGreaterThan(daysBefore);
  }, 120_000);

  it("library assign: no library row and no notification, then all of them after a restart", async () => {
    const member = demo.endUser.id;
    const ids = demo.workoutIds.slice(0, 5);
    const path = `/v1/orgs/${demo.organizationId}/endusers/${member}/workouts/assign`;
    await api(server!.base, `/v1/orgs/${demo.organizationId}/endusers/${member}/workouts/unassign`, { key: demo.apiKey, body: { workoutIds: ids } });
    const rows = async () => (await sql`select count(*)::int as n from library_workouts where end_user_id = ${member} and workout_id = any(${ids})`)[0]!.n;
    const outbox = async () => (await sql`select count(*)::int as n from notifications_outbox where end_user_id = ${member}`)[0]!.n;
    const outboxBefore = await outbox();

    const writing = await killDuring(() => api(server!.base, path, { key: demo.apiKey, body: { workoutIds: ids } }), "lock table notifications_outbox in exclusive mode");
    expect(writing).toContain("library_workouts");
    expect(await rows()).toBe(0);
    expect(await outbox()).toBe(outboxBefore);

    await restart();
    const res = await api(server!.base, path, { key: demo.apiKey, body: { workoutIds: ids } });
    expect(res.status, res.text).toBe(200);
    expect(await rows()).toBe(5);
    expect(await outbox()).toBeGreaterThan(outboxBefore);
  }, 120_000);

  it("session complete: the session is started as before or completed whole, never in between", async () => {
    const workoutId = demo.workoutIds[0]!;
    const member = demo.endUser.id;
    const started = await api(server!.base, `/v1/workouts/${workoutId}/sessions/start`, { key: demo.apiKey, body: { endUserId: member } });
    expect(started.status, started.text).toBe(201);
    const sessionId = started.body.data.id as string;
    await api(server!.base, `/v1/workouts/${workoutId}/sessions/${sessionId}`, { key: demo.apiKey, method: "PATCH", body: { endUserId: member, progressSeconds: 30 } });

    await killDuring(
      () => api(server!.base, `/v1/workouts/${workoutId}/sessions/complete`, { key: demo.apiKey, body: { endUserId: member, sessionId } }),
      "select 1 from workout_sessions where id = $1 for update",
      [sessionId],
    );
    const [row] = await sql<{ status: string; progress: number; duration: number }[]>`select status, progress, duration from workout_sessions where id = ${sessionId}`;
    // One conditional UPDATE: either it never ran, or it ran whole (status, progress and duration together).
    if (row!.status === "started") expect(row).toMatchObject({ progress: expect.any(Number), duration: 30 });
    else expect(row).toMatchObject({ status: "completed", progress: 1 });

    await restart();
    const again = await api(server!.base, `/v1/workouts/${workoutId}/sessions/complete`, { key: demo.apiKey, body: { endUserId: member, sessionId } });
    expect([200, 409]).toContain(again.status);
    const read = await api(server!.base, `/v1/workouts/${workoutId}/sessions/${sessionId}?endUserId=${member}`, { key: demo.apiKey });
    expect(read.body.data).toMatchObject({ status: "completed", progress: 1 });
  }, 120_000);
});
