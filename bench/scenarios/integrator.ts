import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import type { BenchContext, BenchRequest, CustomMeasurement, Scenario } from "../types";
import { percentile } from "../percentile";

/**
 * Issue #18: integrator features.
 *
 * Idempotent replay: one nutrition log (which adds on every call without externalId) is written
 * with an Idempotency-Key, then the same request is repeated: every repeat is a replay (one
 * primary-key lookup, the stored response, a rate-limit peek), and nothing is written.
 *
 * Webhook latency: a receiver on 127.0.0.1 subscribes to workout.session.completed; sessions are
 * started and completed through the API (4 at a time) and the receiver measures each event from
 * its `timestamp` (set inside the completing transaction, just before commit) to its arrival:
 * commit relay (NOTIFY) -> job event -> pg-boss worker woken at once -> signed POST. The bench
 * server allows private receivers (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1 in bench/run.ts).
 */
const SAMPLES = 200;
const CONCURRENCY = 4;


async function measureWebhookLatency(ctx: BenchContext): Promise<CustomMeasurement> {
  const latencies: number[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const arrived = Date.now();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; timestamp: string };
        if (event.type === "workout.session.completed") latencies.push(arrived - Date.parse(event.timestamp));
      } catch {}
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const { port } = receiver.address() as { port: number };
  const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
  const created = await fetch(`${ctx.baseUrl}/v1/orgs/${ctx.seed.organizationId}/webhooks`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/bench`, eventTypes: ["workout.session.completed"] }),
  });
  if (created.status !== 201) throw new Error(`webhook create answered ${created.status}: ${await created.text()}`);
  const endpointId = ((await created.json()) as { data: { id: string } }).data.id;
  let errors = 0;
  try {
    let next = 0;
    const loop = async () => {
      for (let i = next++; i < SAMPLES; i = next++) {
        const workoutId = ctx.seed.workoutIds[i % ctx.seed.workoutIds.length]!;
        const start = await fetch(`${ctx.baseUrl}/v1/workouts/${workoutId}/sessions/start`, { method: "POST", headers, body: "{}" });
        if (start.status !== 201) {
          errors++;
          continue;
        }
        const sessionId = ((await start.json()) as { data: { id: string } }).data.id;
        const done = await fetch(`${ctx.baseUrl}/v1/workouts/${workoutId}/sessions/complete`, { method: "POST", headers, body: JSON.stringify({ sessionId }) });
        if (done.status !== 200) errors++;
        await done.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, loop));
    const deadline = Date.now() + 30_000;
    while (latencies.length + errors < SAMPLES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await fetch(`${ctx.baseUrl}/v1/orgs/${ctx.seed.organizationId}/webhooks/${endpointId}`, { method: "DELETE", headers: { "x-api-key": ctx.seed.apiKey } });
    receiver.closeAllConnections();
    receiver.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: errors + (SAMPLES - errors - latencies.length),
    connections: CONCURRENCY,
  };
}

export const scenarios: Scenario[] = [
  {
    name: "POST nutrition/log replayed by Idempotency-Key (stored response, nothing written)",
    issue: "#18",
    target: "p95 < 10 ms",
    passes: (r) => r.p95 < 10,
    connections: 10,
    rankBy: "p95",
    expectStatus: [201],
    prepare: async (ctx): Promise<BenchRequest[]> => {
      const path = `/v1/orgs/${ctx.seed.organizationId}/endusers/${ctx.seed.endUser.id}/nutrition/log`;
      const headers = { "x-api-key": ctx.seed.apiKey, "idempotency-key": randomUUID() };
      const body = JSON.stringify({ caloriesKcal: 420, proteinG: 30 });
      const first = await fetch(`${ctx.baseUrl}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
      if (first.status !== 201) throw new Error(`first nutrition log answered ${first.status}: ${await first.text()}`);
      return [{ method: "POST", path, headers, body }];
    },
  },
  {
    name: "webhook delivery latency, commit to receiver (workout.session.completed, local job provider)",
    issue: "#18",
    target: "p95 < 1 s",
    passes: (r) => r.p95 < 1000,
    connections: CONCURRENCY,
    prepare: async () => [],
    measure: (ctx) => measureWebhookLatency(ctx),
  },
];
