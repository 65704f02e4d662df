import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { createSharedLimiter } from "@/server/core/shared-limiter";

/**
 * Sign-in throttling on the API's shared counter store (PostgreSQL or Redis), so every instance
 * counts the same attempts. Per email: failed attempts only (a correct password resets it), so
 * an attacker cannot lock a trainer out by trying once in a while, and guessing one account is
 * slow. Per client address: every attempt, generous enough for an office behind one address.
 */
export const SIGN_IN_LIMITS = {
  email: { points: 10, durationSeconds: 15 * 60 },
  ip: { points: 50, durationSeconds: 15 * 60 },
} as const;

type Which = keyof typeof SIGN_IN_LIMITS;
const limiters = new Map<Which, Promise<RateLimiterAbstract>>();

function limiter(which: Which): Promise<RateLimiterAbstract> {
  let p = limiters.get(which);
  if (!p) {
    const { points, durationSeconds } = SIGN_IN_LIMITS[which];
    p = createSharedLimiter({ keyPrefix: `console-sign-in:${which}`, points, durationSeconds });
    p.catch(() => limiters.delete(which));
    limiters.set(which, p);
  }
  return p;
}

/** A refusal: how long until the caller may try again. */
export class SignInThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);
    this.name = "SignInThrottled";
  }
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** Counts an attempt from this address and refuses when the address or the email is over its limit. */
export async function admitSignInAttempt(email: string, ip: string | null): Promise<void> {
  if (ip) {
    try {
      await (await limiter("ip")).consume(ip, 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new SignInThrottled(err.msBeforeNext / 1000);
      throw err;
    }
  }
  const res = await (await limiter("email")).get(emailKey(email));
  if (res && res.consumedPoints >= SIGN_IN_LIMITS.email.points) throw new SignInThrottled(res.msBeforeNext / 1000);
}

/** Records a failed attempt against the email. */
export async function recordSignInFailure(email: string): Promise<void> {
  await (await limiter("email")).penalty(emailKey(email), 1);
}

/** A correct password clears the email's failures. */
export async function clearSignInFailures(email: string): Promise<void> {
  await (await limiter("email")).delete(emailKey(email));
}
