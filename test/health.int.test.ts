import { describe, expect, it } from "vitest";
import { databaseReadiness } from "@/db/readiness";
import { call, useTestApp } from "@/test/harness";

useTestApp();

describe("GET /health", () => {
  it("answers ready without a key, from a probe at most a second old; ?deep=1 probes now", async () => {
    const first = await call("/health");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toEqual({ status: "ok", version: expect.any(String), database: "ok", checkedAt: expect.any(String) });
    // Within the second, every request answers from the same probe.
    const again = await call("/health");
    expect(again.body.checkedAt).toBe(first.body.checkedAt);
    const deep = await call("/health?deep=1");
    expect(deep.status).toBe(200);
    expect(deep.body.databaseLatencyMs).toBeGreaterThanOrEqual(0);
    // The instance's details: which ffmpeg runs the media jobs, and the most connections it opens
    // (the request pool, one LISTEN, the job worker's pool, the realtime adapter's without Redis).
    expect(deep.body.ffmpeg).toEqual({ version: expect.any(String), source: expect.stringMatching(/^(FFMPEG_PATH|PATH|bundled)$/) });
    const pool = Number(process.env.DB_POOL_MAX);
    expect(deep.body.connections).toEqual({ requests: pool, listen: 1, jobs: 4, realtime: process.env.REDIS_URL ? 0 : 4, total: pool + 5 + (process.env.REDIS_URL ? 0 : 4) });
    expect(new Date(deep.body.checkedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.body.checkedAt).getTime());
    // Anything but deep=1/true is the shallow answer.
    const shallow = await call("/health?deep=0");
    expect(shallow.status).toBe(200);
    expect(shallow.body).not.toHaveProperty("databaseLatencyMs");
  });

  it("probes again once the last result is older than a second", async () => {
    const a = await databaseReadiness();
    const b = await databaseReadiness(a.checkedAt.getTime() + 1_500);
    expect(b.ok).toBe(true);
    expect(b.checkedAt.getTime()).toBeGreaterThan(a.checkedAt.getTime());
  });
});
