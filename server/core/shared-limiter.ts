import { RateLimiterDrizzle, type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { env } from "@/server/env";
import { log } from "./log";

/**
 * The counter store every rate limiter of the service shares (the API's weighted windows, console
 * sign-in throttling, the hosted pages' limits): PostgreSQL by default, Redis when REDIS_URL is
 * set, so every server instance counts the same.
 */
let redisClient: Promise<unknown> | undefined;

async function connectRedis(url: string): Promise<unknown> {
  const { default: Redis } = await import("ioredis");
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = 0;
  client.on("error", (err) => {
    if (Date.now() - warned > 10_000) log("warn", "rate limit store (Redis) unavailable", { err: String(err) });
    warned = Date.now();
  });
  // Without an offline queue, commands sent before the connection is up fail, and the memory
  // insurance limiter (this instance only) would admit them: wait for it first (2 s at most).
  await new Promise<void>((resolve) => {
    client.once("ready", () => resolve());
    setTimeout(resolve, 2000).unref();
  });
  return client;
}

/** The shared counter store (PostgreSQL, or Redis with REDIS_URL), for every limiter of the service. */
export async function storeOptions(): Promise<Record<string, unknown>> {
  const url = env().REDIS_URL;
  if (url) {
    redisClient ??= connectRedis(url);
    return { kind: "redis", storeClient: await redisClient };
  }
  return { kind: "postgres", storeClient: getDb(), schema: rateLimits };
}

/**
 * A limiter on the shared store: `points` per `durationSeconds` for each key under `keyPrefix`.
 * If the shared store is unreachable it keeps limiting in memory (this instance only) instead of
 * failing requests.
 */
export async function createSharedLimiter(o: { keyPrefix: string; points: number; durationSeconds: number }): Promise<RateLimiterAbstract> {
  const { kind, ...store } = await storeOptions();
  const opts = {
    ...store,
    keyPrefix: o.keyPrefix,
    points: o.points,
    duration: o.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: o.points, duration: o.durationSeconds }),
  };
  return kind === "redis" ? new RateLimiterRedis(opts as never) : new RateLimiterDrizzle({ ...opts, clearExpiredByTimeout: false } as never);
}
