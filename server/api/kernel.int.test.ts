import { describe, expect, it } from "vitest";
import { call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

describe("API kernel", () => {
  it("serves metadata with a team key and rate-limit headers", async () => {
    const org = await createTestOrg();
    const res = await call("/v1/workouts/metadata", { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data.difficulties).toEqual(["beginner", "intermediate", "advanced"]);
    expect(res.body.data.categories.length).toBeGreaterThan(5);
    for (const c of res.body.data.categories) expect(c.id).toMatch(/^[0-9a-f]{24}$/);
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
    expect(res.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  it("rejects every bad credential", async () => {
    const org = await createTestOrg();
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/metadata`);
  });

  it("localizes and falls back to English", async () => {
    const org = await createTestOrg();
    const en = await call("/v1/workouts/metadata", { key: org.key });
    const de = await call("/v1/workouts/metadata?locale=de-DE", { key: org.key });
    const xx = await call("/v1/workouts/metadata?locale=xx-YY", { key: org.key });
    const no = await call("/v1/workouts/metadata?locale=no", { key: org.key });
    const nb = await call("/v1/workouts/metadata?locale=nb-NO", { key: org.key });
    expect(de.body.data.categories[0].name).not.toBe(en.body.data.categories[0].name);
    expect(xx.body.data).toEqual(en.body.data);
    expect(no.body.data).toEqual(nb.body.data);
  });

  it("answers unknown keys with ValidationError details", async () => {
    const org = await createTestOrg();
    const err = expectError(await call("/v1/workouts/metadata?page=2&foo=1", { key: org.key }), 400, "ValidationError");
    expect(err.target).toBe("GetWorkoutMetadataQuery");
    expect(err.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "ConstraintError", target: "page" }), expect.objectContaining({ code: "ConstraintError", target: "foo" })]),
    );
  });

  it("rejects non-hex ids with 400 and unknown organizations with 404", async () => {
    const org = await createTestOrg();
    expectError(await call("/v1/orgs/not-hex/metadata", { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/orgs/${"0".repeat(24)}/metadata`, { key: org.key }), 404, "NotFound");
  });

  it("renders unknown paths and wrong methods in the envelope", async () => {
    const org = await createTestOrg();
    expectError(await call("/v1/workouts", { key: org.key }), 404, "NotFound");
    expectError(await call("/v1/categories", { key: org.key }), 404, "NotFound");
    for (const path of ["/v1/workouts/categories", "/v1/workouts/library", `/v1/orgs/${org.organizationId}/library`]) {
      expectError(await call(path, { key: org.key }), 404, "NotFound");
      expectError(await call(path), 404, "NotFound");
    }
    const res = await call("/v1/workouts/metadata", { key: org.key, method: "DELETE" });
    expectError(res, 405, "MethodNotAllowed");
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("lets a multi-organization key act for each of its organizations only", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const c = await createTestOrg();
    const multi = await createKey(a.organizationId, "multi", [b.organizationId]);
    expect((await call(`/v1/orgs/${a.organizationId}/metadata`, { key: multi })).status).toBe(200);
    expect((await call(`/v1/orgs/${b.organizationId}/metadata`, { key: multi })).status).toBe(200);
    expectError(await call(`/v1/orgs/${c.organizationId}/metadata`, { key: multi }), 403, "Forbidden");
  });

  it("returns 429 with Retry-After once the plan's cap is spent", async () => {
    const org = await createTestOrg({ subscriptionPlan: "starter", hourlyCap: 3 });
    for (let i = 0; i < 3; i++) expect((await call("/v1/workouts/metadata", { key: org.key })).status).toBe(200);
    const res = await call("/v1/workouts/metadata", { key: org.key });
    expectError(res, 429, "TooManyRequests");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  });
});
