import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { OrganizationLimits } from "@/db/queries/organizations";
import type { SubscriptionPlan } from "@/db/schema";
import { ApiError } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { createSharedLimiter } from "@/server/core/shared-limiter";

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

const limiters = new Map<string, Promise<RateLimiterAbstract>>();
/** The limiters that are ready, for the synchronous path of chargeWindow. */
const readyLimiters = new Map<string, RateLimiterAbstract>();

function limiterFor(window: Window, points: number): Promise<RateLimiterAbstract> {
  const id = `${window}:${points}`;
  let p = limiters.get(id);
  if (!p) {
    p = (async () => {
      // Counts survive plan changes (the key prefix names the window only); the cap comes from the limiter.
      const limiter = await createSharedLimiter({ keyPrefix: `rl:${window}`, points, durationSeconds: WINDOWS[window] });
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
 * Leases in front of the shared store, so caps hold exactly across any number of instances while
 * the hot counter is not updated on every request. An instance reserves a block of units with
 * one atomic `consume` (the store refuses a block that would pass the cap) and then admits
 * requests from its block in memory; a request is admitted only from units the store granted, so
 * the units admitted by all instances together never exceed the cap. Blocks grow while a key is
 * busy (up to MAX_LEASE), the next one is reserved while less than a block is left, and they shrink near the cap, where each request is charged in the store on
 * its own (at most an eighth of what the store says is left is leased at once, so instances do
 * not starve each other). Units leased but not used go back to the store after IDLE_MS, at
 * shutdown, or lapse with their window. Before, requests were admitted against a local view and
 * flushed every 25 ms, which let several instances over-admit by what the others admitted in that
 * time; a lease costs the same single store write per block (see BENCHMARKS.md).
 */
const MAX_LEASE = 1024;
const IDLE_MS = 1000;
/** Leases stop this long before the store's window resets (clock and latency margin). */
const RESET_MARGIN_MS = 100;

interface WindowState {
  window: Window;
  limiter: RateLimiterAbstract;
  /** Units granted by the store and not yet admitted here. */
  leased: number;
  /** The store's count at the last grant: every instance's admissions and leases. */
  storeConsumed: number;
  resetAt: number;
  /** Size of the next block to reserve. */
  nextBlock: number;
  grantedAt: number;
  refill: Promise<unknown> | null;
  idleTimer: NodeJS.Timeout | null;
  /** When this instance last admitted from the lease (the idle timer checks it when it fires). */
  lastUse: number;
}

const states = new Map<string, WindowState>();

function remainingOf(cap: number, st: WindowState): RateLimitState {
  return { limit: cap, remaining: Math.max(0, Math.min(cap, cap - st.storeConsumed + st.leased)), reset: Math.ceil((st.resetAt + RESET_MARGIN_MS) / 1000) };
}

/**
 * Gives units leased here and not used back to the store once the key has been quiet for IDLE_MS.
 * A busy key only records the time of use: the one timer, when it fires, returns the lease or
 * waits for the rest of the quiet period (re-arming a timer on every request cost more than the
 * charge itself).
 */
function scheduleReturn(subject: string, st: WindowState, now = Date.now()): void {
  st.lastUse = now;
  if (!st.idleTimer) armIdleTimer(subject, st, IDLE_MS);
}

function armIdleTimer(subject: string, st: WindowState, ms: number): void {
  st.idleTimer = setTimeout(() => {
    st.idleTimer = null;
    const quiet = Date.now() - st.lastUse;
    if (quiet >= IDLE_MS) void returnLease(subject, st);
    else armIdleTimer(subject, st, IDLE_MS - quiet);
  }, ms);
  st.idleTimer.unref();
}

function returnLease(subject: string, st: WindowState): Promise<unknown> {
  if (st.idleTimer) clearTimeout(st.idleTimer);
  st.idleTimer = null;
  const units = st.leased;
  st.leased = 0;
  st.nextBlock = 1;
  if (units <= 0 || Date.now() >= st.resetAt) return Promise.resolve();
  return st.limiter.reward(subject, units).catch((err) => log("warn", "rate limit lease return failed", { err: String(err) }));
}

/** Returns every unused lease to the store (graceful shutdown). */
export async function releaseRateLimitLeases(): Promise<void> {
  await Promise.all([...states.entries()].map(([id, st]) => returnLease(id.slice(id.indexOf(":") + 1), st)));
}

/** Admits `weight` from the lease when it covers it: no I/O (a refill may start in the background). */
function takeFromLease(cap: number, subject: string, st: WindowState | undefined, weight: number): RateLimitState | null {
  if (!st || st.leased < weight || Date.now() >= st.resetAt) return null;
  st.leased -= weight;
  scheduleReturn(subject, st);
  refillAhead(cap, subject, st);
  return remainingOf(cap, st);
}

/**
 * Reserves the next block while the lease still covers requests, so a busy key's requests
 * are admitted from memory without waiting for the store. Admits nothing itself; a refused block
 * is given back (the key is near its cap, and requests then reserve exactly their weight).
 */
function refillAhead(cap: number, subject: string, st: WindowState): void {
  if (st.refill || st.leased >= st.nextBlock) return;
  const block = Math.min(st.nextBlock, MAX_LEASE, Math.floor((cap - st.storeConsumed) / 8));
  if (block < 2) return;
  st.refill = st.limiter
    .consume(subject, block)
    .then(
      (res) => grant(st, res, block, 0),
      async (err) => {
        if (err instanceof RateLimiterRes) await st.limiter.reward(subject, block).catch(() => {});
        else log("warn", "rate limit lease refill failed", { err: String(err) });
      },
    )
    .finally(() => {
      st.refill = null;
    });
}

/** Records a granted block of `block` units of which `weight` are admitted now. */
function grant(st: WindowState, res: RateLimiterRes, block: number, weight: number): void {
  const now = Date.now();
  // Each block used up asks for a bigger one; a quiet second returns the lease and starts again at 1.
  st.nextBlock = Math.min(MAX_LEASE, st.nextBlock * 2);
  st.grantedAt = now;
  const resetAt = now + (res.msBeforeNext >= 0 ? res.msBeforeNext : WINDOWS[st.window] * 1000) - RESET_MARGIN_MS;
  if (Math.abs(resetAt - st.resetAt) > 1000) st.leased = 0; // a new window: the old lease lapsed with the old one
  st.resetAt = resetAt;
  st.storeConsumed = res.consumedPoints;
  st.leased += block - weight;
}

/**
 * Charges one window: from this instance's lease when it covers the weight (synchronously),
 * otherwise by reserving a new block in the store. Throws the RateLimiterRes of a refusal.
 */
function chargeWindow(window: Window, cap: number, subject: string, weight: number): RateLimitState | Promise<RateLimitState> {
  return takeFromLease(cap, subject, states.get(`${window}:${subject}`), weight) ?? chargeWindowInStore(window, cap, subject, weight);
}

async function chargeWindowInStore(window: Window, cap: number, subject: string, weight: number): Promise<RateLimitState> {
  const limiter = await limiterFor(window, cap);
  const id = `${window}:${subject}`;
  for (;;) {
    let st = states.get(id);
    if (st && !st.refill && (st.limiter !== limiter || Date.now() >= st.resetAt)) {
      if (st.idleTimer) clearTimeout(st.idleTimer);
      states.delete(id); // another cap (plan change) or a lapsed window: its lease is gone with it
      st = undefined;
    }
    if (st?.refill) {
      await st.refill.catch(() => {}); // one reservation per key at a time; then try the new lease
      const taken = takeFromLease(cap, subject, st, weight);
      if (taken) return taken;
      continue;
    }
    const state = st ?? { window, limiter, leased: 0, storeConsumed: 0, resetAt: 0, nextBlock: 1, grantedAt: 0, refill: null, idleTimer: null, lastUse: 0 };
    if (!st) {
      if (states.size > 50_000) states.clear();
      states.set(id, state);
    }
    const refill = reserve(window, cap, subject, weight, state);
    state.refill = refill;
    try {
      return await refill;
    } finally {
      state.refill = null;
    }
  }
}

/** Reserves a block that covers `weight` (only `weight` near the cap), admits `weight` from it and keeps the rest as the lease. */
async function reserve(window: Window, cap: number, subject: string, weight: number, st: WindowState): Promise<RateLimitState> {
  // The whole weight comes from the new block: what is left of the lease may be taken by others meanwhile.
  const need = weight;
  const fresh = Date.now() - st.grantedAt > IDLE_MS || st.storeConsumed === 0;
  const roomKnown = fresh ? 0 : Math.floor((cap - st.storeConsumed) / 8);
  const block = Math.max(need, Math.min(st.nextBlock, MAX_LEASE, roomKnown));
  let res: RateLimiterRes;
  try {
    res = await st.limiter.consume(subject, block);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    // Refused: the store counted the block anyway; take it back so others are not refused for it.
    await st.limiter.reward(subject, block).catch(() => {});
    if (block > need) {
      st.nextBlock = 1;
      return reserve(window, cap, subject, weight, st); // near the cap: exactly what this request needs
    }
    throw new RateLimiterRes(err.remainingPoints, err.msBeforeNext, err.consumedPoints - block + weight, false);
  }
  grant(st, res, block, weight);
  scheduleReturn(subject, st);
  return remainingOf(cap, st);
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

/** The caps of a limits record (records are cached and shared, so this runs once per record). */
const capsOfLimits = new WeakMap<OrganizationLimits, { hourly: number; daily: number }>();
function capsOf(limits: OrganizationLimits): { hourly: number; daily: number } {
  let caps = capsOfLimits.get(limits);
  if (!caps) {
    caps = capsFor(limits);
    capsOfLimits.set(limits, caps);
  }
  return caps;
}

/** Per subject, the keys of its two windows in `states` (built once, not per request). */
const windowKeys = new Map<string, { hourly: string; daily: string }>();
function keysOf(subject: string): { hourly: string; daily: string } {
  let keys = windowKeys.get(subject);
  if (!keys) {
    if (windowKeys.size > 50_000) windowKeys.clear();
    keys = { hourly: `hourly:${subject}`, daily: `daily:${subject}` };
    windowKeys.set(subject, keys);
  }
  return keys;
}

/**
 * Both windows from their leases when both cover the weight (the usual request of a busy key):
 * synchronous, no allocation but the answer. Null when either lease does not cover it.
 */
function chargeFromLeases(subject: string, weight: number, caps: { hourly: number; daily: number }): RateLimitState | null {
  const keys = keysOf(subject);
  const h = states.get(keys.hourly);
  const d = states.get(keys.daily);
  if (!h || !d) return null;
  const now = Date.now();
  if (h.leased < weight || d.leased < weight || now >= h.resetAt || now >= d.resetAt) return null;
  h.leased -= weight;
  d.leased -= weight;
  scheduleReturn(subject, h, now);
  scheduleReturn(subject, d, now);
  refillAhead(caps.hourly, subject, h);
  refillAhead(caps.daily, subject, d);
  const hr = Math.max(0, Math.min(caps.hourly, caps.hourly - h.storeConsumed + h.leased));
  const dr = Math.max(0, Math.min(caps.daily, caps.daily - d.storeConsumed + d.leased));
  return hr <= dr
    ? { limit: caps.hourly, remaining: hr, reset: Math.ceil((h.resetAt + RESET_MARGIN_MS) / 1000) }
    : { limit: caps.daily, remaining: dr, reset: Math.ceil((d.resetAt + RESET_MARGIN_MS) / 1000) };
}

/**
 * Charges `weight` units to `subject` in both windows; throws 429 when either is exhausted.
 * Answers synchronously when both leases cover the weight.
 */
export function chargeRateLimit(subject: string, weight: number, limits: OrganizationLimits): RateLimitState | Promise<RateLimitState> {
  const caps = capsOf(limits);
  return chargeFromLeases(subject, weight, caps) ?? chargeInStore(subject, weight, caps);
}

async function chargeInStore(subject: string, weight: number, caps: { hourly: number; daily: number }): Promise<RateLimitState> {
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
    // Not admitted: the windows that did admit get their units back (as lease, still reserved in the store).
    results.forEach((r, i) => {
      if (r.status !== "fulfilled") return;
      const st = states.get(`${windows[i]}:${subject}`);
      if (st && Date.now() < st.resetAt) st.leased += weight;
    });
    const { state, retryAfter } = rejected as { state: RateLimitState; retryAfter: number };
    throw new ApiError({
      code: "TooManyRequests",
      message: `Rate limit exceeded: this request costs ${weight} unit(s). Retry after ${retryAfter} seconds.`,
      headers: { ...rateLimitHeaders({ ...state, remaining: 0 }), "Retry-After": String(retryAfter) },
    });
  }
  return binding(windowStates[0]!, windowStates[1]!);
}

export interface WindowUsage {
  limit: number;
  used: number;
  remaining: number;
  /** Unix seconds when the window resets; null when no window is open (the next request starts one). */
  reset: number | null;
}

/** This instance's view of a window while it holds a lease of the current window (what it admits against), else null. */
function freshWindow(window: Window, cap: number, subject: string): WindowUsage | null {
  const st = states.get(`${window}:${subject}`);
  if (!st || st.grantedAt === 0 || Date.now() >= st.resetAt) return null;
  const { remaining, reset } = remainingOf(cap, st);
  return { limit: cap, used: cap - remaining, remaining, reset };
}

/** Both windows of a subject without charging: this instance's lease view when it has one, else the store's count (less this instance's unused lease). */
export async function rateLimitWindows(subject: string, limits: OrganizationLimits): Promise<Record<Window, WindowUsage>> {
  const caps = capsFor(limits);
  // Fresh local views answer without a store round trip (idempotent replays read this on their hot path).
  const hourlyLocal = freshWindow("hourly", caps.hourly, subject);
  const dailyLocal = freshWindow("daily", caps.daily, subject);
  if (hourlyLocal && dailyLocal) return { hourly: hourlyLocal, daily: dailyLocal };
  const [hourly, daily] = await Promise.all([limiterFor("hourly", caps.hourly), limiterFor("daily", caps.daily)]);
  const [h, d] = await Promise.all([hourly.get(subject).catch(() => null), daily.get(subject).catch(() => null)]);
  const windowOf = (window: Window, cap: number, res: RateLimiterRes | null): WindowUsage => {
    let used = res?.consumedPoints ?? 0;
    let resetMs = res && res.msBeforeNext >= 0 ? Date.now() + res.msBeforeNext : null;
    const st = states.get(`${window}:${subject}`);
    if (st && Date.now() < st.resetAt) {
      // The store counts this instance's unused lease as consumed; it is still this key's to use.
      used = Math.max(0, used - st.leased);
      resetMs ??= st.resetAt;
    }
    return { limit: cap, used, remaining: Math.max(0, cap - used), reset: resetMs === null ? null : Math.ceil(resetMs / 1000) };
  };
  return { hourly: windowOf("hourly", caps.hourly, h), daily: windowOf("daily", caps.daily, d) };
}

/** Current state without charging (for responses that must not consume, like plan-gated 403s). */
export async function peekRateLimit(subject: string, limits: OrganizationLimits): Promise<RateLimitState> {
  const { hourly, daily } = await rateLimitWindows(subject, limits);
  const state = (window: Window, w: WindowUsage): RateLimitState => ({
    limit: w.limit,
    remaining: w.remaining,
    reset: w.reset ?? Math.ceil(Date.now() / 1000) + WINDOWS[window],
  });
  return binding(state("hourly", hourly), state("daily", daily));
}
