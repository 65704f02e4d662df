import { addMembers } from "@/test/support/members";
import type { BenchContext, BenchRequest, Scenario } from "../types";

/**
 * Issue #11: the coach chat's POST .../messages with the deterministic coach (no model
 * configured). 20 members of the seeded organization, each with two completed workout sessions
 * (through the API) and one conversation; the requests cycle six messages of different intents
 * (today, tired, progress, shorter, focus, thanks) over the 20 conversations, so every request
 * really reads the member's sessions, plan, digest, library and ranked workouts, grounds its
 * proposals (the generate ones through preflight) and stores a turn with its actions.
 */
const MEMBERS = 20;
const MESSAGES = ["What should I do today?", "I'm tired today", "How am I doing?", "Something shorter, 15 min please", "I want a core workout", "thanks!"];

async function prepareConversations(ctx: BenchContext): Promise<BenchRequest[]> {
  const members = await addMembers(ctx.db, ctx.seed.organizationId, MEMBERS);
  const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
  const post = async (path: string, body: unknown, expected: number) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (res.status !== expected) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: { id: string } };
  };
  const conversations: { id: string; email: string }[] = [];
  for (const [i, m] of members.entries()) {
    for (const k of [0, 1]) {
      const workoutId = ctx.seed.workoutIds[(i + k) % ctx.seed.workoutIds.length]!;
      const started = await post(`/v1/workouts/${workoutId}/sessions/start`, { endUserId: m.id }, 201);
      await post(`/v1/workouts/${workoutId}/sessions/complete`, { endUserId: m.id, sessionId: started.data.id }, 200);
    }
    const c = await post("/v1/chat/conversations", { organizationId: ctx.seed.organizationId, userEmail: m.email }, 201);
    conversations.push({ id: c.data.id, email: m.email! });
  }
  const requests: BenchRequest[] = [];
  for (const content of MESSAGES) {
    for (const c of conversations) {
      requests.push({
        method: "POST",
        path: `/v1/chat/conversations/${c.id}/messages`,
        headers: { "x-api-key": ctx.seed.apiKey },
        body: JSON.stringify({ organizationId: ctx.seed.organizationId, userEmail: c.email, content }),
      });
    }
  }
  return requests;
}

export const scenarios: Scenario[] = [
  {
    name: "POST /v1/chat/conversations/{id}/messages, deterministic coach, 6 intents over 20 members",
    issue: "#11",
    target: "p95 < 100 ms",
    passes: (r) => r.p95 < 100,
    connections: 4,
    repeats: 3,
    rankBy: "p95",
    expectStatus: [201],
    prepare: prepareConversations,
  },
];
