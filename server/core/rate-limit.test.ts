import { describe, expect, it } from "vitest";
import { PLAN_CAPS, capsFor } from "./rate-limit";

describe("capsFor", () => {
  it("uses the plan's caps, overrides, and 1/100 for trials with a minimum of 1", () => {
    expect(capsFor({ subscriptionPlan: "growth", isTrial: false, hourlyCap: null, dailyCap: null })).toEqual(PLAN_CAPS.growth);
    expect(capsFor({ subscriptionPlan: "growth", isTrial: true, hourlyCap: null, dailyCap: null })).toEqual({ hourly: 100, daily: 1000 });
    expect(capsFor({ subscriptionPlan: "starter", isTrial: true, hourlyCap: 50, dailyCap: 99 })).toEqual({ hourly: 1, daily: 1 });
    expect(capsFor({ subscriptionPlan: "internal", isTrial: false, hourlyCap: null, dailyCap: null }).hourly).toBeGreaterThanOrEqual(10_000_000);
  });
});
