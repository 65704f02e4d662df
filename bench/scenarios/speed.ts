import { addMembers } from "@/test/support/members";
import { addDays, localDateOf } from "@/server/services/insights/local-date";
import { type HealthEntryInput, ingestHealthEntries } from "@/server/services/insights/ingest-health-data";
import type { InsightsMember } from "@/server/services/insights/resolve-member";
import type { BenchContext, BenchRequest, CustomMeasurement, Scenario } from "../types";
import { percentile } from "../percentile";

/**
 * Issue #16: the per-request cost of the service at 50 connections on the seeded workspace, read
 * as ratios to the bare node:http baseline of the same run (the first row) and to each other.
 */
const C = 50;
const key = (ctx: BenchContext) => ({ "x-api-key": ctx.seed.apiKey });
const member = (ctx: BenchContext, id: string) => `/v1/orgs/${ctx.seed.organizationId}/endusers/${id}`;

/** One 50-entry batch of a member: 5 data types on 10 days, values varying per request. */
function healthBatch(i: number): string {
  const today = localDateOf(new Date(), "UTC"); // addMembers creates members in UTC
  const entries: Record<string, unknown>[] = [];
  for (let d = 1; d <= 10; d++) {
    const at = `${addDays(today, -d)}T12:00:00Z`;
    entries.push(
      { dataType: "steps", recordedAt: at, count: 3000 + ((i * 37 + d) % 9000) },
      { dataType: "sleep", recordedAt: at, asleepS: 20000 + ((i * 13 + d) % 9000) },
      { dataType: "heart_rate", recordedAt: at, restingBpm: 50 + ((i + d) % 12) },
      { dataType: "hydration", recordedAt: at, volumeMl: 1200 + ((i * 7 + d) % 2000) },
      { dataType: "activity", externalId: `run-${d}`, recordedAt: at, activityType: "running", durationS: 1200 + ((i + d) % 2400) },
    );
  }
  return JSON.stringify({ entries });
}

/** The members of the in-process row (its prepare makes them, its measure pushes for them). */
let inProcessMembers: InsightsMember[] = [];

/** The req/s of a row measured earlier in this run; a missing row is a bench bug, not a pass. */
const rps = (rows: Map<string, { rps: number }>, prefix: string) => {
  const row = [...rows].find(([name]) => name.startsWith(prefix));
  if (!row) throw new Error(`bench: "${prefix}" must be measured before the rows compared with it`);
  return row[1].rps;
};

export const scenarios: Scenario[] = [
  {
    name: "GET /v1/workouts/metadata (keyed, 50 conn.)",
    issue: "#16",
    target: ">= 0.5x bare node:http",
    connections: C,
    passes: (r, _rows, baseline) => r.rps >= baseline / 2,
    prepare: async (ctx) => [{ path: "/v1/workouts/metadata", headers: key(ctx) }],
  },
  {
    name: "GET /health (50 conn.)",
    issue: "#16",
    target: ">= keyed metadata req/s",
    connections: C,
    passes: (r, rows) => r.rps >= rps(rows, "GET /v1/workouts/metadata (keyed, 50 conn.)"),
    prepare: async () => [{ path: "/health" }],
  },
  {
    name: "GET /v1/workouts/{id}/playlist (seed workouts, 50 conn.)",
    issue: "#16",
    target: "reference for the detail",
    connections: C,
    prepare: async (ctx) => ctx.seed.workoutIds.map((id) => ({ path: `/v1/workouts/${id}/playlist`, headers: key(ctx) })),
  },
  {
    name: "GET /v1/workouts/{id} (seed workouts, 50 conn.)",
    issue: "#16",
    target: ">= 0.9x playlist req/s",
    connections: C,
    passes: (r, rows) => r.rps >= 0.9 * rps(rows, "GET /v1/workouts/{id}/playlist (seed workouts, 50 conn.)"),
    prepare: async (ctx) => ctx.seed.workoutIds.map((id) => ({ path: `/v1/workouts/${id}`, headers: key(ctx) })),
  },
  {
    name: "GET /v1/orgs/{org}/workouts?q=workout (50 conn.)",
    issue: "#16",
    target: "-",
    connections: C,
    prepare: async (ctx) => [{ path: `/v1/orgs/${ctx.seed.organizationId}/workouts?q=workout`, headers: key(ctx) }],
  },
  {
    name: "GET insights/digest, one member, cached (50 conn.)",
    issue: "#16",
    target: ">= 0.5x playlist req/s",
    connections: C,
    passes: (r, rows) => r.rps >= 0.5 * rps(rows, "GET /v1/workouts/{id}/playlist (seed workouts, 50 conn.)"),
    prepare: async (ctx) => {
      const request = { path: `${member(ctx, ctx.seed.endUser.id)}/insights/digest`, headers: key(ctx) };
      const warm = await fetch(`${ctx.baseUrl}${request.path}`, { headers: request.headers });
      if (warm.status !== 200) throw new Error(`digest answered ${warm.status}`);
      return [request];
    },
  },
  {
    name: "POST workouts/recommend, small profile (50 conn.)",
    issue: "#16",
    target: "p95 < 50 ms",
    connections: C,
    passes: (r) => r.p95 < 50,
    prepare: async (ctx) => [
      {
        method: "POST",
        path: `/v1/orgs/${ctx.seed.organizationId}/workouts/recommend`,
        headers: key(ctx),
        body: JSON.stringify({ endUserProfileDetails: { fitnessLevels: ["beginner"], trainingDaysPerWeek: 3, age: 34 } }),
      },
    ],
  },
  {
    name: "POST insights/health-data, 50 entries, one member from 50 connections",
    issue: "#16",
    target: ">= 400 req/s, p99 < 250 ms",
    connections: C,
    passes: (r) => r.rps >= 400 && r.p99 < 250,
    prepare: async (ctx) => {
      const [m] = await addMembers(ctx.db, ctx.seed.organizationId, 1);
      return Array.from({ length: 200 }, (_, i) => ({ method: "POST", path: `${member(ctx, m!.id)}/insights/health-data`, headers: key(ctx), body: healthBatch(i) }));
    },
  },
  {
    name: "POST insights/health-data, 50 entries, 50 members from 50 connections",
    issue: "#16",
    target: "not slower per request than one member",
    connections: C,
    passes: (r, rows) => r.rps >= 0.9 * rps(rows, "POST insights/health-data, 50 entries, one member from 50 connections"),
    prepare: async (ctx) => {
      const members = await addMembers(ctx.db, ctx.seed.organizationId, C);
      const out: BenchRequest[] = [];
      for (let i = 0; i < 200; i++) {
        const m = members[i % members.length]!;
        out.push({ method: "POST", path: `${member(ctx, m.id)}/insights/health-data`, headers: key(ctx), body: healthBatch(i) });
      }
      return out;
    },
  },
  {
    // What the row above would reach without HTTP: the same batches through the service's own
    // function (validation, group commit, the same statements) from 50 callers in the bench's
    // process, with no server, routing, auth or JSON in between. If this is below 0.9x the one
    // member's HTTP rate, no HTTP layer can meet that target on this machine.
    name: "health-data write path in process (no HTTP), 50 members' 50-entry batches from 50 callers",
    issue: "#16",
    target: "reference: the 50 members' ceiling",
    connections: C,
    prepare: async (ctx) => {
      const members = await addMembers(ctx.db, ctx.seed.organizationId, C);
      inProcessMembers = members.map((m) => ({ id: m.id, organizationId: ctx.seed.organizationId, timeZone: "UTC" }));
      return [];
    },
    measure: async (ctx): Promise<CustomMeasurement> => {
      const batches = Array.from({ length: 200 }, (_, i) => (JSON.parse(healthBatch(i)) as { entries: HealthEntryInput[] }).entries);
      let i = 0;
      const drive = async (ms: number, times?: number[]) => {
        const end = Date.now() + ms;
        let errors = 0;
        await Promise.all(
          Array.from({ length: C }, async () => {
            while (Date.now() < end) {
              const n = i++;
              const started = performance.now();
              const res = await ingestHealthEntries(ctx.db, inProcessMembers[n % C]!, batches[n % batches.length]!, "api");
              times?.push(performance.now() - started);
              if (res.summary.failed > 0) errors++;
            }
          }),
        );
        return errors;
      };
      await drive(2000);
      const times: number[] = [];
      const started = Date.now();
      const errors = await drive(10_000, times);
      const seconds = (Date.now() - started) / 1000;
      times.sort((a, b) => a - b);
      const at = (p: number) => Math.round(percentile(times, p) * 10) / 10;
      return { rps: Math.round(times.length / seconds), p50: at(50), p95: at(95), p99: at(99), errors, connections: C };
    },
  },
];
