import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLibraryOrg } from "@/test/fixtures";
import { createTestOrg, expectError } from "@/test/harness";
import { getDb } from "@/db/client";
import { organizations } from "@/db/schema";
import { eq } from "drizzle-orm";
import { clearAuthCaches } from "@/server/api/auth";
import { defineOperation } from "@/server/api/operation";
import { apiRoute, methods } from "./api-route";
import { HexId } from "@/server/contracts/schemas";
import { issueAccessToken } from "@/server/core/access-tokens";

/** Kernel behaviour for bodies, failures and Bearer tokens, through real Requests on route handlers. */
const echo = defineOperation({
  operationId: "TestApi_echo",
  method: "post",
  path: "/v1/orgs/{organizationId}/echo",
  tag: "Test",
  summary: "echo",
  auth: ["X-Api-Key", "AccessToken"],
  weight: 10,
  params: z.object({ organizationId: HexId }),
  body: z.object({ name: z.string().max(10), count: z.number().int().optional() }).strict(),
  bodyRequired: true,
  success: { status: 201, description: "echo", schema: z.object({ data: z.object({ name: z.string(), member: z.string().nullable() }) }) },
});

const handlers = methods({
  POST: apiRoute(echo, async ({ body, caller }) => {
    if (body.name === "boom") throw new Error("secret database detail");
    if (body.name === "dbdown")
      throw new Error("Failed query", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) });
    if (body.name === "dbstop") throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    if (body.name === "badshape") return { data: { nope: true } } as never;
    return { data: { name: body.name, member: caller.member?.endUserId ?? null } };
  }),
});

async function send(orgId: string, init: { key?: string; token?: string; body?: string; type?: string; method?: string; headers?: Record<string, string> }) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers["x-api-key"] = init.key;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.type !== undefined) headers["content-type"] = init.type;
  const req = new Request(`http://forma.test/v1/orgs/${orgId}/echo`, { method: init.method ?? "POST", headers, body: init.body });
  const method = (init.method ?? "POST") as keyof typeof handlers;
  const res = await handlers[method](req, { params: Promise.resolve({ organizationId: orgId }) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

describe("route wrapper", () => {
  it("accepts a valid JSON body and renders the declared status", async () => {
    const org = await createTestOrg();
    const res = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "ok" }), type: "application/json" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { name: "ok", member: null } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("answers 415, 400 (malformed JSON, missing body, unknown key) and 413", async () => {
    const org = await createTestOrg();
    expectError((await send(org.organizationId, { key: org.key, body: "name=x", type: "text/plain" })) as never, 415, "UnsupportedMediaType");
    expectError((await send(org.organizationId, { key: org.key, body: "{nope", type: "application/json" })) as never, 400, "BadRequest");
    const missing = expectError((await send(org.organizationId, { key: org.key })) as never, 400, "ValidationError");
    expect(missing.target).toBe("EchoBody");
    const unknown = expectError(
      (await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "a", extra: 1 }), type: "application/json" })) as never,
      400,
      "ValidationError",
    );
    expect(unknown.details).toContainEqual({ code: "ConstraintError", message: expect.any(String), target: "extra" });
    const wrong = expectError(
      (await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: 5, count: 1.5 }), type: "application/json" })) as never,
      400,
      "ValidationError",
    );
    expect(wrong.details!.map((d) => d.target).sort()).toEqual(["count", "name"]);
    const big = JSON.stringify({ name: "x".repeat(2_000_000) });
    expectError((await send(org.organizationId, { key: org.key, body: big, type: "application/json" })) as never, 413, "PayloadTooLarge");
  });

  it("hides internals behind a 500 with a request id", async () => {
    const org = await createTestOrg();
    const res = await send(org.organizationId, {
      key: org.key,
      body: JSON.stringify({ name: "boom" }),
      type: "application/json",
      headers: { "x-request-id": "trace-12345678" },
    });
    const err = expectError(res as never, 500, "InternalServerError");
    expect(err.message).toContain("trace-12345678");
    expect(res.text).not.toContain("secret");
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
  });

  it("answers 503 ServiceUnavailable with Retry-After when the database is unreachable or stopping", async () => {
    const org = await createTestOrg();
    for (const name of ["dbdown", "dbstop"]) {
      const res = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name }), type: "application/json" });
      const err = expectError(res as never, 503, "ServiceUnavailable");
      expect(err.message).not.toContain("ECONNREFUSED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("refuses to send a response that does not match its declaration (outside production)", async () => {
    const org = await createTestOrg();
    expectError(
      (await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "badshape" }), type: "application/json" })) as never,
      500,
      "InternalServerError",
    );
  });

  it("charges weight on admission, including 400s, and reports it", async () => {
    const org = await createTestOrg();
    const a = await send(org.organizationId, { key: org.key, body: "{nope", type: "application/json" });
    const b = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "ok" }), type: "application/json" });
    expect(Number(a.headers.get("x-ratelimit-remaining")) - Number(b.headers.get("x-ratelimit-remaining"))).toBe(10);
  });

  it("answers 405 in the envelope for undeclared methods", async () => {
    const org = await createTestOrg();
    const res = await send(org.organizationId, { method: "GET" });
    expectError(res as never, 405, "MethodNotAllowed");
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("accepts member Bearer tokens, alone or with a key, and rejects bad or foreign ones", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[0]!.id;
    const body = JSON.stringify({ name: "me" });
    const alone = await send(org.organizationId, { token: org.accessToken, body, type: "application/json" });
    expect(alone.status).toBe(201);
    expect(alone.body.data.member).toBe(member);
    const both = await send(org.organizationId, { key: org.key, token: org.accessToken, body, type: "application/json" });
    expect(both.body.data.member).toBe(member);
    expectError((await send(org.organizationId, { token: "abc.def.ghi", body, type: "application/json" })) as never, 401, "Unauthorized");
    const other = await createTestOrg();
    expectError((await send(other.organizationId, { key: other.key, token: org.accessToken, body, type: "application/json" })) as never, 403, "Forbidden");
    const expired = await issueAccessToken(member, org.organizationId, -10);
    expectError((await send(org.organizationId, { token: expired, body, type: "application/json" })) as never, 401, "Unauthorized");
  });

  it("applies trial caps of 1/100 of the plan", async () => {
    const org = await createTestOrg({ subscriptionPlan: "starter", isTrial: true, hourlyCap: 1_500 });
    const res = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "ok" }), type: "application/json" });
    expect(res.headers.get("x-ratelimit-limit")).toBe("15");
    const second = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "ok" }), type: "application/json" });
    expectError(second as never, 429, "TooManyRequests");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    await getDb().update(organizations).set({ isTrial: false }).where(eq(organizations.id, org.organizationId));
    clearAuthCaches();
    const paid = await send(org.organizationId, { key: org.key, body: JSON.stringify({ name: "ok" }), type: "application/json" });
    expect(paid.status).toBe(201);
    expect(paid.headers.get("x-ratelimit-limit")).toBe("1500");
  });
});
