import { addMembers } from "@/test/support/members";
import type { BenchContext, BenchRequest, Scenario } from "../types";

/**
 * Issue #4: workout session progress reports and library assignment.
 *
 * Sessions: 200 members each start a session (through the API) of one of the seeded workouts;
 * the requests then cycle PATCHes across the 200 open sessions with growing progressSeconds, each
 * re-sending the member's id as the embedded player does (the member is matched inside the one
 * conditional UPDATE). 200 players reporting every 10 s make 20 PATCHes per second; the main row
 * drives them as fast as 20 connections go (a closed loop: about a hundred times that rate), the
 * stress row 200 connections flat out. (autocannon's open-loop mode fires every connection's
 * requests in the same instant, a synchronized burst no set of players produces, so it is not used.)
 *
 * Assign: every request assigns the same 10 published workouts to a different, fresh member, so
 * each one really inserts 10 library rows plus an email and a push outbox row in one transaction
 * and enqueues the delivery job (20,000 prepared members: more than a run can use up).
 */
const SESSIONS = 200;
const ASSIGN_MEMBERS = 20_000;

async function startSessions(ctx: BenchContext): Promise<{ workoutId: string; sessionId: string; endUserId: string }[]> {
  const members = await addMembers(ctx.db, ctx.seed.organizationId, SESSIONS);
  const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
  const started: { workoutId: string; sessionId: string; endUserId: string }[] = [];
  for (let i = 0; i < members.length; i += 20) {
    const batch = members.slice(i, i + 20).map(async (m, j) => {
      const workoutId = ctx.seed.workoutIds[(i + j) % ctx.seed.workoutIds.length]!;
      const res = await fetch(`${ctx.baseUrl}/v1/workouts/${workoutId}/sessions/start`, { method: "POST", headers, body: JSON.stringify({ endUserId: m.id }) });
      if (res.status !== 201) throw new Error(`session start answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { data: { id: string } };
      return { workoutId, sessionId: body.data.id, endUserId: m.id };
    });
    started.push(...(await Promise.all(batch)));
  }
  return started;
}

export const scenarios: Scenario[] = [
  {
    name: "PATCH /v1/workouts/{id}/sessions/{sessionId}, 200 open sessions",
    issue: "#4",
    target: "p99 < 25 ms",
    passes: (r) => r.p99 < 25,
    connections: 20,
    repeats: 3,
    prepare: async (ctx) => {
      const sessions = await startSessions(ctx);
      const requests: BenchRequest[] = [];
      // 10 reports per session, interleaved so consecutive requests hit different sessions.
      for (let step = 1; step <= 10; step++) {
        for (const s of sessions) {
          requests.push({
            method: "PATCH",
            path: `/v1/workouts/${s.workoutId}/sessions/${s.sessionId}`,
            headers: { "x-api-key": ctx.seed.apiKey },
            body: JSON.stringify({ progressSeconds: step * 15, endUserId: s.endUserId }),
          });
        }
      }
      return requests;
    },
  },
  {
    name: "PATCH session progress, 200 open sessions, 200 connections (stress)",
    issue: "#4",
    target: "-",
    connections: 200,
    prepare: async (ctx) => {
      const sessions = await startSessions(ctx);
      return sessions.map((s, i) => ({
        method: "PATCH" as const,
        path: `/v1/workouts/${s.workoutId}/sessions/${s.sessionId}`,
        headers: { "x-api-key": ctx.seed.apiKey },
        body: JSON.stringify({ progressSeconds: 30 + (i % 60), endUserId: s.endUserId }),
      }));
    },
  },
  {
    name: "POST /v1/orgs/{org}/endusers/{id}/workouts/assign, 10 ids, new member each",
    issue: "#4",
    target: "p99 < 100 ms",
    passes: (r) => r.p99 < 100,
    connections: 20,
    prepare: async (ctx) => {
      const workoutIds = ctx.seed.workoutIds.slice(0, 10);
      if (workoutIds.length < 10) throw new Error("the seed has fewer than 10 published workouts");
      const members: { id: string }[] = [];
      for (let i = 0; i < ASSIGN_MEMBERS; i += 5000) members.push(...(await addMembers(ctx.db, ctx.seed.organizationId, Math.min(5000, ASSIGN_MEMBERS - i))));
      const body = JSON.stringify({ workoutIds });
      return members.map((m) => ({
        method: "POST" as const,
        path: `/v1/orgs/${ctx.seed.organizationId}/endusers/${m.id}/workouts/assign`,
        headers: { "x-api-key": ctx.seed.apiKey },
        body,
      }));
    },
  },
];
