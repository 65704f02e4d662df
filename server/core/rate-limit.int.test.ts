import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { OrganizationLimits } from "@/db/queries/organizations";
import type { ApiError } from "@/server/core/errors";

/**
 * Several instances on one store: each module copy below is an instance (its own leases and
 * limiter objects) charging the same key in the run's store (PostgreSQL, or Redis when REDIS_URL
 * is set). The units admitted by all of them together never exceed the cap, and every unit of
 * the cap can be used.
 */
type RateLimitModule = typeof import("./rate-limit");

async function instance(): Promise<RateLimitModule> {
  vi.resetModules();
  return import("./rate-limit");
}

const limits = (hourlyCap: number): OrganizationLimits =>
  ({ subscriptionPlan: "starter", isTrial: false, hourlyCap, dailyCap: null, entitlements: {} }) as unknown as OrganizationLimits;

async function charge(rl: RateLimitModule, subject: string, weight: number, cap: number): Promise<number> {
  try {
    await rl.chargeRateLimit(subject, weight, limits(cap));
    return weight;
  } catch (err) {
    if (err instanceof Error && err.name === "ApiError" && (err as ApiError).status === 429) return 0;
    throw err;
  }
}

describe("rate limits across instances", () => {
  it("never admit more than the cap in total, and admit all of it", async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    const cap = 500;
    const subject = `key:test-${randomBytes(6).toString("hex")}`;
    let admitted = 0;
    // Bursts from three instances at once, weights 1 and 10, well past the cap.
    for (let round = 0; round < 12; round++) {
      const burst: Promise<number>[] = [];
      for (let i = 0; i < 20; i++) for (const rl of [a, b, c]) burst.push(charge(rl, subject, i % 7 === 0 ? 10 : 1, cap));
      admitted += (await Promise.all(burst)).reduce((x, y) => x + y, 0);
      expect(admitted).toBeLessThanOrEqual(cap);
    }
    // Leases not used go back to the store after a quiet second; then the rest of the cap is usable, one unit at a time.
    await new Promise((r) => setTimeout(r, 1_300));
    for (let i = 0; i < cap && admitted < cap; i++) {
      const got = await charge([a, b, c][i % 3]!, subject, 1, cap);
      if (!got) break;
      admitted += got;
    }
    expect(admitted).toBe(cap);
    expect(await charge(b, subject, 1, cap)).toBe(0);
    for (const rl of [a, b, c]) await rl.releaseRateLimitLeases();
  }, 60_000);

  it("reports exact remaining units on one instance", async () => {
    const rl = await instance();
    const subject = `key:test-${randomBytes(6).toString("hex")}`;
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) seen.push((await rl.chargeRateLimit(subject, i % 2 ? 10 : 1, limits(1000))).remaining);
    let expected = 1000;
    seen.forEach((remaining, i) => {
      expected -= i % 2 ? 10 : 1;
      expect(remaining).toBe(expected);
    });
    await rl.releaseRateLimitLeases();
  });
});
