import { autopilotTasks } from "@/db/schema";
import { categoryId } from "@/db/seed/reference";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import type { BenchContext, BenchRequest, CustomMeasurement, Scenario } from "../types";
import { percentile } from "../percentile";

/**
 * Issue #12, content autopilot: the task list of a workspace with 200 tasks (filters and both sort
 * orders), and run-now end to end (generate with the deterministic engine, store the workout with
 * its playlist, publish, record the event) measured one run at a time.
 */
const TASKS = 200;
const RUNS = 15;

async function workspace(ctx: BenchContext, name: string) {
  const organizationId = await createOrganization(ctx.db, { name, subscriptionPlan: "internal" });
  const { key } = await createApiKey(ctx.db, { organizationId, kind: "team", name: "bench" });
  return { organizationId, key };
}

export const scenarios: Scenario[] = [
  {
    name: "autopilot task list: GET /v1/orgs/{org}/content-autopilot (200 tasks, filters)",
    issue: "#12",
    target: "p95 < 30 ms",
    passes: (r) => r.p95 < 30,
    connections: 10,
    prepare: async (ctx) => {
      const w = await workspace(ctx, "Bench: autopilot list");
      const scopes = ["ai_generate", "create_similar", "publish_existing"] as const;
      await ctx.db.insert(autopilotTasks).values(
        Array.from({ length: TASKS }, (_, i) => ({
          organizationId: w.organizationId,
          name: `Task ${i}`,
          status: i % 3 === 0 ? ("active" as const) : ("draft" as const),
          scope: scopes[i % 3]!,
          contentType: i % 4 === 0 ? ("program" as const) : ("workout" as const),
          difficultyOptions: ["beginner" as const],
          categoryIds: [categoryId("strength")],
          nextRunAt: i % 3 === 0 ? new Date(Date.now() + (i + 1) * 3_600_000) : null,
          createdAt: new Date(Date.now() - i * 60_000),
          updatedAt: new Date(Date.now() - ((i * 7) % TASKS) * 60_000),
        })),
      );
      const headers = { "x-api-key": w.key };
      const base = `/v1/orgs/${w.organizationId}/content-autopilot`;
      return [
        { path: base, headers },
        { path: `${base}?status=active&limit=50`, headers },
        { path: `${base}?scope=ai_generate&contentType=workout&sortBy=createdAt&sortOrder=ascend`, headers },
        { path: `${base}?offset=100&limit=20&sortOrder=ascend`, headers },
      ];
    },
  },
  {
    name: "autopilot run-now: ai_generate workout, generated, stored and published (sequential)",
    issue: "#12",
    target: "p95 < 1000 ms",
    passes: (r) => r.p95 < 1000,
    connections: 1,
    expectStatus: [200],
    prepare: async (ctx) => {
      const w = await workspace(ctx, "Bench: autopilot run-now");
      const requests: BenchRequest[] = [];
      for (let i = 0; i < RUNS; i++) {
        const res = await fetch(`${ctx.baseUrl}/v1/orgs/${w.organizationId}/content-autopilot`, {
          method: "POST",
          headers: { "x-api-key": w.key, "content-type": "application/json" },
          body: JSON.stringify({
            name: `Run ${i}`,
            scope: "ai_generate",
            categoryIds: [categoryId(["strength", "hiit", "core"][i % 3]!)],
            difficultyOptions: ["beginner", "intermediate", "advanced"],
            durationMin: 15,
            durationMax: 30,
          }),
        });
        if (res.status !== 201) throw new Error(`creating a task answered ${res.status}: ${await res.text()}`);
        const { data } = (await res.json()) as { data: { id: string } };
        requests.push({ method: "POST", path: `/v1/orgs/${w.organizationId}/content-autopilot/${data.id}/run-now`, headers: { "x-api-key": w.key } });
      }
      return requests;
    },
    /** One run at a time (the owner's daily cap is 20 runs): wall time of each request. */
    measure: async (ctx, requests): Promise<CustomMeasurement> => {
      const times: number[] = [];
      let errors = 0;
      for (const r of requests) {
        const started = performance.now();
        const res = await fetch(`${ctx.baseUrl}${r.path}`, { method: r.method, headers: r.headers });
        const body = (await res.json()) as { data?: { eventType?: string } };
        times.push(performance.now() - started);
        if (res.status !== 200 || body.data?.eventType !== "success") errors++;
      }
      const sorted = [...times].sort((a, b) => a - b);
      const total = times.reduce((s, t) => s + t, 0);
      return { rps: requests.length / (total / 1000), p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors, connections: 1 };
    },
  },
];
