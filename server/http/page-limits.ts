import { RateLimiterDrizzle, type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "@/server/api/errors";
import { storeOptions } from "@/server/api/rate-limit";

/**
 * Limits of what the hosted pages let anyone do without a key, per client address and
 * organization, counted in the API's shared store (every instance counts the same). Opening a
 * cast display creates a pairing session: a TV makes one every 80 minutes, so 60 in 10 minutes
 * from one address for one organization leaves room for a room full of screens and stops a script.
 * The address is the connection's (server.ts sets X-Forwarded-For to it unless TRUST_PROXY).
 */
export const PAGE_LIMITS = {
  castDisplay: { points: 60, durationSeconds: 10 * 60 },
} as const;

type Which = keyof typeof PAGE_LIMITS;
const limiters = new Map<Which, Promise<RateLimiterAbstract>>();

function limiter(which: Which): Promise<RateLimiterAbstract> {
  let p = limiters.get(which);
  if (!p) {
    p = (async () => {
      const { kind, ...store } = await storeOptions();
      const { points, durationSeconds } = PAGE_LIMITS[which];
      const opts = { ...store, keyPrefix: `page:${which}`, points, duration: durationSeconds, insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }) };
      return kind === "redis" ? new RateLimiterRedis(opts as never) : new RateLimiterDrizzle({ ...opts, clearExpiredByTimeout: false } as never);
    })();
    p.catch(() => limiters.delete(which));
    limiters.set(which, p);
  }
  return p;
}

const clientAddress = (req: Request) => req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";

/** Counts one action; 429 TooManyRequests with Retry-After past the limit. */
export async function admitPageAction(which: Which, req: Request, organizationId: string): Promise<void> {
  try {
    await (await limiter(which)).consume(`${clientAddress(req)}|${organizationId}`, 1);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw new ApiError({
      code: "TooManyRequests",
      message: `Too many cast displays opened from this address. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      headers: { "Retry-After": String(retryAfter) },
    });
  }
}
