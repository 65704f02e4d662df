import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId } from "@/server/contracts/schemas";

const Timestamp = z.string().meta({ description: "ISO 8601." });

const UsageWindow = z
  .object({
    limit: z.number().int().meta({ description: "The cap of this window (weighted units)." }),
    used: z.number().int().meta({ description: "Units used in the current window." }),
    remaining: z.number().int(),
    resetAt: Timestamp.nullable().meta({ description: "When the window resets; null when none is open (the next request opens one)." }),
  })
  .meta({ id: "UsageWindow" });

const UsageTotals = { units: z.number().int().meta({ description: "Weighted rate-limit units." }), requests: z.number().int() };

const UsagePeriod = z
  .object({
    from: Timestamp,
    to: Timestamp,
    ...UsageTotals,
    buckets: z
      .array(z.object({ start: Timestamp, ...UsageTotals }))
      .meta({ description: "24 hourly buckets (last 24 hours) or 30 daily UTC buckets (last 30 days)." }),
    byApiKey: z.array(
      z.object({
        apiKeyId: z.string().nullable().meta({ description: "null: calls with a member access token only." }),
        name: z.string().nullable(),
        prefix: z.string().nullable().meta({ description: "The key's first characters." }),
        ...UsageTotals,
      }),
    ),
    byOperation: z.array(z.object({ operationId: z.string(), ...UsageTotals })),
  })
  .meta({ id: "UsagePeriod" });

export const Usage = z
  .object({
    organizationId: z.string(),
    plan: z
      .object({
        subscriptionPlan: z.string(),
        isTrial: z.boolean(),
        hourlyCap: z.number().int().meta({ description: "Weighted units per API key per hour (trials: 1/100)." }),
        dailyCap: z.number().int().meta({ description: "Weighted units per API key per day (trials: 1/100)." }),
      })
      .meta({ description: "Caps apply to each API key (and each member for Bearer-only calls)." }),
    windows: z
      .array(z.object({ apiKeyId: z.string(), name: z.string(), prefix: z.string(), hourly: UsageWindow, daily: UsageWindow }))
      .meta({ description: "Each API key's current rate-limit windows, as X-RateLimit-* report them." }),
    last24Hours: UsagePeriod,
    last30Days: UsagePeriod,
  })
  .meta({ id: "Usage" });

export const getUsage = defineOperation({
  operationId: "UsageApi_getUsage",
  method: "get",
  path: "/v1/orgs/{organizationId}/usage",
  tag: "Usage",
  summary: "Rate-limit caps, current windows and usage",
  description:
    "The plan's hourly and daily caps, each API key's current windows (used, remaining, reset), and weighted units and requests for the last 24 hours (hourly) and 30 days (daily), per API key and per operation. Counted when a request is admitted (the units the rate limiter charged); idempotent replays and refused (429) requests cost nothing and are not counted. Counts from other server instances can lag by up to 5 seconds.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  success: { status: 200, description: "The usage report.", schema: z.object({ data: Usage }) },
  errors: [403, 404],
});
