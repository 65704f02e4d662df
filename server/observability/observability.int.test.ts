import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getWorkoutMetadata } from "@/server/api/operations/metadata";
import { resetEnvCache } from "@/server/env";
import { localWorkerRunning, startLocalWorker, stopLocal } from "@/server/jobs/providers/local";
import { beginDraining, endDrainingForTests } from "@/server/observability/readiness";
import { call, createTestOrg, expectError, useTestApp } from "@/test/harness";

useTestApp();

/** Prometheus text: the value of one series, 0 when absent. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf("}"));
    const found = Object.fromEntries([...body.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) {
      return Number(line.slice(line.lastIndexOf("}") + 1).trim());
    }
  }
  return 0;
}

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

const saved = { LOG_LEVEL: process.env.LOG_LEVEL, METRICS_TOKEN: process.env.METRICS_TOKEN, ACCESS_LOG_SAMPLE: process.env.ACCESS_LOG_SAMPLE };
afterEach(() => setEnv(saved));

/** Captures what the process writes on stderr (the structured log) while `fn` runs. */
async function captureLog(fn: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    await fn();
    // The line is written when the response is closed, which may follow the client's read by a tick.
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.stderr.write = original;
  }
  return lines
    .join("")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("GET /metrics", () => {
  it("serves the Prometheus text format from loopback, counting requests by operationId and status class", async () => {
    const org = await createTestOrg();
    const op = getWorkoutMetadata.operationId;
    const before = await call("/metrics");
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const labels = { route: op, method: "GET", status: "2xx" };
    const count = "forma_http_request_duration_seconds_count";
    const start = seriesValue(before.text, count, labels);
    const unauth = seriesValue(before.text, count, { ...labels, status: "4xx" });

    expect((await call("/v1/workouts/metadata", { key: org.key })).status).toBe(200);
    expect((await call("/v1/workouts/metadata", { key: org.key })).status).toBe(200);
    expect((await call("/v1/workouts/metadata")).status).toBe(401);

    const after = await call("/metrics");
    expect(seriesValue(after.text, count, labels)).toBe(start + 2);
    expect(seriesValue(after.text, count, { ...labels, status: "4xx" })).toBe(unauth + 1);
    // The histogram's buckets, process metrics and the pool's state are there.
    expect(after.text).toMatch(new RegExp(`forma_http_request_duration_seconds_bucket\\{le="0.005",route="${op}",method="GET",status="2xx"\\}`));
    expect(after.text).toContain("process_cpu_user_seconds_total");
    expect(after.text).toContain("nodejs_eventloop_lag_seconds");
    expect(after.text).toMatch(/forma_db_pool_connections\{state="busy"\} \d+/);
    expect(after.text).toMatch(/forma_db_pool_connections\{state="max"\} \d+/);
    expect(after.text).toMatch(/forma_db_pool_waiting \d+/);
    expect(seriesValue(after.text, "forma_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    // Routes that are not operations are labelled with their template, never their path.
    await call(`/v1/orgs/${org.organizationId}/no-such-thing`, { key: org.key });
    expect((await call("/health")).status).toBe(200);
    const later = await call("/metrics");
    expect(seriesValue(later.text, count, { route: "/health", method: "GET", status: "2xx" })).toBeGreaterThan(0);
    // No label carries an organization, key or other id.
    expect(later.text).not.toContain(org.organizationId);
    expect(later.text).not.toContain(org.keyId);
    for (const line of later.text.split("\n").filter((l) => l.includes("{"))) expect(line).not.toMatch(/="[^"]*[0-9a-f]{24}/);
  });

  it("needs the METRICS_TOKEN bearer from elsewhere: 403 without a token configured, 401 without the right one", async () => {
    // A request relayed by a proxy (X-Forwarded-For) is not from this machine, whatever its connection.
    const relayed = { "x-forwarded-for": "203.0.113.9" };
    setEnv({ METRICS_TOKEN: undefined });
    expectError(await call("/metrics", { headers: relayed }), 403, "Forbidden");
    setEnv({ METRICS_TOKEN: "s3cret-metrics-token-0123456789" });
    const missing = await call("/metrics", { headers: relayed });
    expectError(missing, 401, "Unauthorized");
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expectError(await call("/metrics", { headers: { ...relayed, authorization: "Bearer wrong-token-wrong-token" } }), 401, "Unauthorized");
    const ok = await call("/metrics", { headers: { ...relayed, authorization: "Bearer s3cret-metrics-token-0123456789" } });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("forma_http_request_duration_seconds");
    // Loopback needs no token, even with one configured.
    expect((await call("/metrics")).status).toBe(200);
  });

  it("counts 429 refusals by operation", async () => {
    const org = await createTestOrg({ hourlyCap: 1 });
    const op = getWorkoutMetadata.operationId;
    const before = seriesValue((await call("/metrics")).text, "forma_rate_limit_refusals_total", { route: op });
    let refused = 0;
    for (let i = 0; i < 4; i++) if ((await call("/v1/workouts/metadata", { key: org.key })).status === 429) refused++;
    expect(refused).toBeGreaterThan(0);
    expect(seriesValue((await call("/metrics")).text, "forma_rate_limit_refusals_total", { route: op })).toBe(before + refused);
  });
});

describe("access log", () => {
  it("writes one info line per request: method, route, status, duration, request id, organization; no key or query", async () => {
    const org = await createTestOrg();
    setEnv({ LOG_LEVEL: "info", ACCESS_LOG_SAMPLE: "1" });
    let requestId = "";
    const lines = await captureLog(async () => {
      const res = await call(`/v1/orgs/${org.organizationId}/workouts?limit=3&q=secret-words`, { key: org.key });
      expect(res.status).toBe(200);
      requestId = res.headers.get("x-request-id")!;
    });
    const access = lines.filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    const line = access[0]!;
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "OrganizationWorkoutsApi_listOrganizationWorkouts",
      operationId: "OrganizationWorkoutsApi_listOrganizationWorkouts",
      status: 200,
      requestId,
      organizationId: org.organizationId,
    });
    expect(typeof line.durationMs).toBe("number");
    const raw = JSON.stringify(line);
    expect(raw).not.toContain(org.key);
    expect(raw).not.toContain("secret-words");
    expect(raw).not.toContain("limit=");

    // A key pinned to its organization names it even when the path does not.
    const metadata = await captureLog(async () => {
      await call("/v1/workouts/metadata", { key: org.key });
    });
    expect(metadata.find((l) => l.msg === "request")).toMatchObject({ route: getWorkoutMetadata.operationId, organizationId: org.organizationId });
  });

  it("is sampled by ACCESS_LOG_SAMPLE and silent above info", async () => {
    const org = await createTestOrg();
    setEnv({ LOG_LEVEL: "info", ACCESS_LOG_SAMPLE: "0" });
    const skippedBefore = seriesValue((await call("/metrics")).text, "forma_access_log_sampled_out_total", {});
    const none = await captureLog(async () => {
      for (let i = 0; i < 5; i++) await call("/v1/workouts/metadata", { key: org.key });
    });
    expect(none.filter((l) => l.msg === "request")).toHaveLength(0);
    const text = (await call("/metrics")).text;
    const line = text.split("\n").find((l) => l.startsWith("forma_access_log_sampled_out_total "));
    expect(Number(line?.split(" ")[1])).toBeGreaterThanOrEqual(skippedBefore + 5);

    setEnv({ LOG_LEVEL: "warn", ACCESS_LOG_SAMPLE: "1" });
    const quiet = await captureLog(async () => {
      await call("/v1/workouts/metadata", { key: org.key });
    });
    expect(quiet.filter((l) => l.msg === "request")).toHaveLength(0);
  });
});

describe("GET /ready", () => {
  let startedHere = false;
  beforeAll(() => {
    startedHere = !localWorkerRunning();
  });
  afterAll(async () => {
    endDrainingForTests();
    if (startedHere) await stopLocal(2_000);
  });

  it("is 200 only with the database, the migrations and a running job worker; 503 with the envelope while draining", async () => {
    if (startedHere) {
      const pending = await call("/ready");
      expectError(pending, 503, "ServiceUnavailable");
      expect(pending.headers.get("retry-after")).toBe("5");
      expect(pending.body.checks).toEqual({ database: "ok", migrations: "ok", jobs: "pending", pages: "ok" });
      await startLocalWorker({ jobs: [], schedule: false });
    }
    const ready = await call("/ready");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", pages: "ok" } });

    beginDraining();
    const draining = await call("/ready");
    expectError(draining, 503, "ServiceUnavailable");
    expect(draining.body.status).toBe("draining");
    expect(draining.headers.get("retry-after")).toBe("5");
    // Liveness is unaffected.
    expect((await call("/health")).status).toBe(200);
    endDrainingForTests();
    expect((await call("/ready")).status).toBe(200);
  });
});
