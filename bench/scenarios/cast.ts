import { type Socket, io } from "socket.io-client";
import type { BenchContext, CustomMeasurement, Scenario } from "../types";
import { percentile } from "../percentile";

/**
 * Issue #11: cast control latency, from sending a REST control command to the display's socket
 * receiving the matching `workout-state-changed` event.
 *
 * 100 sessions are created, loaded and started over REST, each with a display socket connected
 * (websocket transport) to the same server. Then every session runs its own controller loop: send
 * pause or play (alternating), wait for the display's event, and start the clock again. The target
 * row paces each controller with a 200 ms pause between commands (about 400 commands/s in all,
 * far more than 100 people pressing buttons); the stress row drives the 100 controllers flat out,
 * and a third row measures the control operation's request rate with autocannon.
 * Latency is measured from just before the request to the event on the display socket, so it
 * includes the whole REST command (auth, rate limit, row lock, update, commit) and the broadcast.
 */
const SESSIONS = 100;
const SECONDS = 10;
const WARMUP_MS = 2000;
const EVENT_TIMEOUT_MS = 5000;

interface CastBench {
  sessions: { id: string; socket: Socket; waiting: ((payload: { action: string }) => void) | null }[];
}

let prepared: CastBench | null = null;

async function prepareSessions(ctx: BenchContext): Promise<CastBench> {
  if (prepared) return prepared;
  const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
  const post = async (path: string, body: unknown, expect: number) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (res.status !== expect) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ data: any }>;
  };
  const sessions: CastBench["sessions"] = [];
  for (let i = 0; i < SESSIONS; i += 10) {
    const batch = Array.from({ length: Math.min(10, SESSIONS - i) }, async (_, j) => {
      const { data } = await post("/v1/cast/pairing/session", { displayName: `Bench TV ${i + j}` }, 201);
      await post(`/v1/cast/pairing/${data.id}/workout`, { workoutId: ctx.seed.workoutIds[(i + j) % ctx.seed.workoutIds.length] }, 200);
      await post(`/v1/cast/pairing/${data.id}/workout/start`, {}, 201);
      const socket = io(data.socketIO.fullUrl, {
        path: data.socketIO.path,
        auth: { apiKey: ctx.seed.apiKey, ...data.socketIO.auth },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const entry: CastBench["sessions"][number] = { id: data.id, socket, waiting: null };
      socket.on("workout-state-changed", (payload: { action: string }) => {
        const w = entry.waiting;
        entry.waiting = null;
        w?.(payload);
      });
      return entry;
    });
    sessions.push(...(await Promise.all(batch)));
  }
  prepared = { sessions };
  return prepared;
}


/** Runs every session's controller loop for `ms`; answers the latencies and the failures. */
async function drive(ctx: BenchContext, bench: CastBench, ms: number, pauseMs: number): Promise<{ times: number[]; errors: number; commands: number }> {
  const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + ms;
  await Promise.all(
    bench.sessions.map(async (s, k) => {
      let paused = false;
      // Spread the first commands over the pause so the sessions do not fire in lockstep.
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, (k * pauseMs) / bench.sessions.length));
      while (performance.now() < until) {
        const action = paused ? "play" : "pause";
        const t0 = performance.now();
        const event = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), EVENT_TIMEOUT_MS);
          s.waiting = (payload) => {
            clearTimeout(timer);
            resolve(payload.action === action);
          };
        });
        const res = await fetch(`${ctx.baseUrl}/v1/cast/pairing/${s.id}/workout/control`, { method: "POST", headers, body: JSON.stringify({ action }) });
        await res.arrayBuffer();
        const delivered = await event;
        if (res.status !== 200 || !delivered) errors++;
        else times.push(performance.now() - t0);
        paused = !paused;
        if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      }
    }),
  );
  return { times, errors, commands: times.length + errors };
}

function castScenario(name: string, target: string, pauseMs: number, passes?: Scenario["passes"], repeats = 1): Scenario {
  return {
    name,
    issue: "#11",
    target,
    passes,
    repeats,
    connections: SESSIONS,
    prepare: async (ctx) => {
      await prepareSessions(ctx);
      return [];
    },
    measure: async (ctx): Promise<CustomMeasurement> => {
      const bench = await prepareSessions(ctx);
      await drive(ctx, bench, WARMUP_MS, pauseMs);
      const { times, errors, commands } = await drive(ctx, bench, SECONDS * 1000, pauseMs);
      times.sort((a, b) => a - b);
      const round = (x: number) => Math.round(x * 10) / 10;
      return {
        rps: Math.round(commands / SECONDS),
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
        errors,
        connections: SESSIONS,
      };
    },
  };
}

export const scenarios: Scenario[] = [
  {
    // Throughput of the control operation itself (autocannon, 100 connections over the 100 sessions,
    // pause and play alternating), displays connected and receiving every event.
    name: "cast POST /v1/cast/pairing/{id}/workout/control, 100 sessions (request rate)",
    issue: "#11",
    target: "-",
    connections: 100,
    prepare: async (ctx) => {
      const bench = await prepareSessions(ctx);
      return ["pause", "play"].flatMap((action) =>
        bench.sessions.map((s) => ({
          method: "POST" as const,
          path: `/v1/cast/pairing/${s.id}/workout/control`,
          headers: { "x-api-key": ctx.seed.apiKey },
          body: JSON.stringify({ action }),
        })),
      );
    },
  },
  castScenario("cast control REST -> display event, 100 sessions (200 ms between commands)", "p99 < 50 ms", 200, (r) => r.p99 < 50, 3),
  castScenario("cast control REST -> display event, 100 sessions flat out", "-", 0),
];
