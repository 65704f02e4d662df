import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/db/client";
import type { OrganizationLimits } from "@/db/queries/organizations";
import { rateLimits } from "@/db/schema";
import type { SubscriptionPlan } from "@/db/schema";
import { ApiError } from "./errors";
import { log } from "./log";

/**
 * Weighted rate limits per key: an hourly and a daily window, caps by subscription plan,
 * trials at 1/100 (minimum 1). Counters live in a store every server instance shares:
 * PostgreSQL by default, Redis when REDIS_URL is set.
 */
export const PLAN_CAPS: Record<SubscriptionPlan, { hourly: number; daily: number }> = {
  starter: { hourly: 1_000, daily: 10_000 },
  growth: { hourly: 10_000, daily: 100_000 },
  enterprise: { hourly: 100_000, daily: 1_000_000 },
  internal: { hourly: 10_000_000, daily: 100_000_000 },
};

export function capsFor(limits: Pick<OrganizationLimits, "subscriptionPlan" | "isTrial" | "hourlyCap" | "dailyCap">): { hourly: number; daily: number } {
  const base = PLAN_CAPS[limits.subscriptionPlan] ?? PLAN_CAPS.starter;
  const hourly = limits.hourlyCap ?? base.hourly;
  const daily = limits.dailyCap ?? base.daily;
  if (!limits.isTrial) return { hourly, daily };
  return { hourly: Math.max(1, Math.floor(hourly / 100)), daily: Math.max(1, Math.floor(daily / 100)) };
}

const WINDOWS = { hourly: 3600, daily: 86_400 } as const;
type Window = keyof typeof WINDOWS;

let redisClient: unknown;
async function storeOptions(): Promise<Record<string, unknown>> {
  const url = process.env.REDIS_URL;
  if (url) {
    if (!redisClient) {
      const { default: Redis } = await import("ioredis");
      redisClient = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    }
    return { kind: "redis", storeClient: redisClient };
  }
  return { kind: "postgres", storeClient: getDb(), schema: rateLimits };
}

const limiters = new Map<string, Promise<RateLimiterAbstract>>();
/** The limiters that are ready, for the synchronous path of chargeWindow. */
const readyLimiters = new Map<string, RateLimiterAbstract>();

function limiterFor(window: Window, points: number): Promise<RateLimiterAbstract> {
  const id = `${window}:${points}`;
  let p = limiters.get(id);
  if (!p) {
    p = (async () => {
      const { kind, ...store } = await storeOptions();
      const opts = {
        ...store,
        keyPrefix: `rl:${window}`, // counts survive plan changes; the cap comes from the limiter
        points,
        duration: WINDOWS[window],
        // If the shared store is unreachable, keep limiting in memory instead of failing requests.
        insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOWS[window] }),
      };
      const limiter = kind === "redis" ? new RateLimiterRedis(opts as never) : new RateLimiterDrizzle({ ...opts, clearExpiredByTimeout: false } as never);
      readyLimiters.set(id, limiter);
      return limiter;
    })();
    limiters.set(id, p);
  }
  return p;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix seconds when the binding window resets. */
  reset: number;
}

export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return { "X-RateLimit-Limit": String(s.limit), "X-RateLimit-Remaining": String(s.remaining), "X-RateLimit-Reset": String(s.reset) };
}

function stateOf(cap: number, res: RateLimiterRes | null, durationSec: number): RateLimitState {
  const consumed = res?.consumedPoints ?? 0;
  const ms = res && res.msBeforeNext >= 0 ? res.msBeforeNext : durationSec * 1000;
  return { limit: cap, remaining: Math.max(0, cap - consumed), reset: Math.ceil((Date.now() + ms) / 1000) };
}

/** The tighter of the two windows is the one a client must respect. */
function binding(a: RateLimitState, b: RateLimitState): RateLimitState {
  return a.remaining <= b.remaining ? a : b;
}

/**
 * Write-behind batching in front of the shared store. The first request of a subject in a window
 * (or after a quiet second) consumes synchronously and learns the authoritative count; later
 * requests are admitted against that count plus what this instance admitted since, and their
 * units are flushed to the store as one `penalty` every FLUSH_MS. One instance is exact; with
 * several, each may over-admit by what the others admitted in the last FLUSH_MS. This keeps the
 * hot counter row from serialising every request (see BENCHMARKS.md).
 */
const FLUSH_MS = 25;
const STALE_MS = 1000;

interface WindowState {
  /** Units the store had counted at the last answer (includes everything flushed before it). */
  consumed: number;
  /** Units admitted here and being flushed right now. */
  inflight: number;
  /** Units admitted here and not yet flushed. */
  pending: number;
  resetAt: number;
  syncedAt: number;
  timer: NodeJS.Timeout | null;
}

const states = new Map<string, WindowState>();

function flush(limiter: RateLimiterAbstract, subject: string, st: WindowState): void {
  st.timer = null;
  if (st.pending === 0) return;
  const points = st.pending;
  st.pending = 0;
  st.inflight += points;
  limiter
    .penalty(subject, points)
    .then((res) => {
      st.inflight -= points;
      st.consumed = Math.max(st.consumed, res.consumedPoints - st.inflight);
      st.syncedAt = Date.now();
      if (res.msBeforeNext >= 0) st.resetAt = Date.now() + res.msBeforeNext;
    })
    .catch((err) => {
      st.inflight -= points;
      st.pending += points; // keep the units; the next flush retries
      st.timer ??= setTimeout(() => flush(limiter, subject, st), FLUSH_MS);
      log("warn", "rate limit flush failed", { err: String(err) });
    });
}

/**
 * Charges one window: synchronously while this instance's view of the window is fresh (throwing
 * the RateLimiterRes of a refusal), otherwise by asking the store.
 */
function chargeWindow(window: Window, cap: number, subject: string, weight: number): RateLimitState | Promise<RateLimitState> {
  const limiter = readyLimiters.get(`${window}:${cap}`);
  const id = `${window}:${subject}`;
  const now = Date.now();
  const st = states.get(id);
  if (limiter && st && now < st.resetAt && now - st.syncedAt < STALE_MS) {
    const used = st.consumed + st.inflight + st.pending;
    if (used + weight > cap) throw new RateLimiterRes(0, st.resetAt - now, used + weight, false);
    st.pending += weight;
    st.timer ??= setTimeout(() => flush(limiter, subject, st), FLUSH_MS);
    return { limit: cap, remaining: Math.max(0, cap - used - weight), reset: Math.ceil(st.resetAt / 1000) };
  }
  return chargeWindowInStore(window, cap, subject, weight);
}

/** Unknown or stale: ask the store (it also counts whatever was flushed before). */
async function chargeWindowInStore(window: Window, cap: number, subject: string, weight: number): Promise<RateLimitState> {
  const limiter = await limiterFor(window, cap);
  const id = `${window}:${subject}`;
  const res = await limiter.consume(subject, weight);
  const current = states.get(id);
  if (current && Date.now() < current.resetAt) {
    current.consumed = Math.max(current.consumed, res.consumedPoints - current.inflight);
    current.syncedAt = Date.now();
  } else {
    if (states.size > 50_000) states.clear();
    states.set(id, {
      consumed: res.consumedPoints,
      inflight: 0,
      pending: 0,
      resetAt: Date.now() + (res.msBeforeNext >= 0 ? res.msBeforeNext : WINDOWS[window] * 1000),
      syncedAt: Date.now(),
      timer: null,
    });
  }
  return stateOf(cap, res, WINDOWS[window]);
}

/** Like Promise.allSettled's entries, without a promise when `fn` answers synchronously. */
function settle<T>(fn: () => T | Promise<T>): PromiseSettledResult<T> | Promise<PromiseSettledResult<T>> {
  try {
    const value = fn();
    if (value instanceof Promise)
      return value.then(
        (v) => ({ status: "fulfilled", value: v }),
        (reason) => ({ status: "rejected", reason }),
      );
    return { status: "fulfilled", value };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}

/** Charges `weight` units to `subject` in both windows; throws 429 when either is exhausted. */
export async function chargeRateLimit(subject: string, weight: number, limits: OrganizationLimits): Promise<RateLimitState> {
  const caps = capsFor(limits);
  const windows: Window[] = ["hourly", "daily"];
  const settled = windows.map((w) => settle(() => chargeWindow(w, caps[w], subject, weight)));
  const results = settled.some((r) => r instanceof Promise) ? await Promise.all(settled) : (settled as PromiseSettledResult<RateLimitState>[]);
  const windowStates: RateLimitState[] = [];
  let rejected: { state: RateLimitState; retryAfter: number } | null = null;
  results.forEach((r, i) => {
    const window = windows[i]!;
    const cap = caps[window];
    if (r.status === "fulfilled") {
      windowStates.push(r.value);
    } else if (r.reason instanceof RateLimiterRes) {
      const state = stateOf(cap, r.reason, WINDOWS[window]);
      windowStates.push(state);
      const retryAfter = Math.max(1, Math.ceil(r.reason.msBeforeNext / 1000));
      if (!rejected || retryAfter > rejected.retryAfter) rejected = { state, retryAfter };
    } else {
      log("error", "rate limiter store failed", { err: String(r.reason) });
      windowStates.push({ limit: cap, remaining: cap, reset: Math.ceil(Date.now() / 1000) + WINDOWS[window] });
    }
  });
  if (rejected) {
    const { state, retryAfter } = rejected as { state: RateLimitState; retryAfter: number };
    throw new ApiError({
      code: "TooManyRequests",
      message: `Rate limit exceeded: this request costs ${weight} unit(s). Retry after ${retryAfter} seconds.`,
      headers: { ...rateLimitHeaders({ ...state, remaining: 0 }), "Retry-After": String(retryAfter) },
    });
  }
  return binding(windowStates[0]!, windowStates[1]!);
}

/** Current state without charging (for responses that must not consume, like plan-gated 403s). */
export async function peekRateLimit(subject: string, limits: OrganizationLimits): Promise<RateLimitState> {
  const caps = capsFor(limits);
  const [hourly, daily] = await Promise.all([limiterFor("hourly", caps.hourly), limiterFor("daily", caps.daily)]);
  const [h, d] = await Promise.all([hourly.get(subject).catch(() => null), daily.get(subject).catch(() => null)]);
  const withLocal = (window: Window, cap: number, res: RateLimiterRes | null): RateLimitState => {
    const base = stateOf(cap, res, WINDOWS[window]);
    const st = states.get(`${window}:${subject}`);
    return st && Date.now() < st.resetAt ? { ...base, remaining: Math.max(0, Math.min(base.remaining, cap - st.consumed - st.inflight - st.pending)) } : base;
  };
  return binding(withLocal("hourly", caps.hourly, h), withLocal("daily", caps.daily, d));
}
