import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { embedTokens, workouts } from "@/db/schema";
import { embedTokenOrigins, signEmbedToken } from "@/server/services/embed/embed-token";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

let org: TestLibraryOrg;
beforeAll(async () => {
  org = await createLibraryOrg();
});

const base = (o: { organizationId: string } = org) => `/v1/orgs/${o.organizationId}/embed-tokens`;
const count = async (q: string) => ((await getDb().execute(q)) as unknown as { n: number }[])[0]!.n;
const ORIGINS = ["https://partner.example.com", "http://localhost:4000"];

async function mint(body: Record<string, unknown>, o: { organizationId: string; key: string } = org) {
  const res = await call(base(o), { key: o.key, body: { ttlSeconds: 600, allowedOrigins: ORIGINS, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; token: string; expiresAt: string; embedUrl: string; workoutIds: string[]; endUserId: string | null };
}

describe("POST /v1/orgs/{organizationId}/embed-tokens", () => {
  it("mints a signed token for a workout: expiry, embed URL, scope, origins in the claims, nothing secret stored", async () => {
    const workoutId = org.library.workoutIds[0]!;
    const before = Date.now();
    const res = await call(base(), { key: org.key, body: { workoutId, ttlSeconds: 3600, allowedOrigins: ["HTTPS://Partner.Example.com"] } });
    expect(res.status, res.text).toBe(201);
    const data = res.body.data;
    expect(data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.workoutId).toBe(workoutId);
    expect(data.planId).toBeNull();
    expect(data.workoutIds).toEqual([workoutId]);
    expect(data.endUserId).toBeNull();
    expect(data.allowedOrigins).toEqual(["https://partner.example.com"]);
    const expires = Date.parse(data.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 3599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(data.embedUrl).toMatch(new RegExp(`/embed/workout/${workoutId}\\?token=`));
    expect(new URL(data.embedUrl).searchParams.get("token")).toBe(data.token);
    const claims = decodeJwt(data.token);
    expect(claims).toMatchObject({ jti: data.id, org: org.organizationId, typ: "embed", aud: "forma-embed", ori: ["https://partner.example.com"] });
    expect(claims.exp).toBe(Math.floor(expires / 1000));
    expect(await embedTokenOrigins(data.token)).toEqual(["https://partner.example.com"]);
    // The row keeps the scope, never the token.
    const [row] = await getDb().select().from(embedTokens).where(eq(embedTokens.id, data.id));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(data.token);
  });

  it("mints for a plan (every workout of the plan) and for a member by id or email", async () => {
    const planId = org.library.planIds[0]!;
    const member = org.library.endUsers[0]!;
    const t = await mint({ planId, endUserId: member.email });
    expect(t.endUserId).toBe(member.id);
    expect(t.workoutIds.length).toBeGreaterThan(0);
    expect(t.embedUrl).toMatch(/\/embed\/workout\/[0-9a-f]{24}\?token=/);
    const first = /\/embed\/workout\/([0-9a-f]{24})/.exec(t.embedUrl)![1]!;
    expect(t.workoutIds).toContain(first);
  });

  it("answers 400 for bad bodies, without writing", async () => {
    const workoutId = org.library.workoutIds[0]!;
    const planId = org.library.planIds[0]!;
    const before = await count(`select count(*)::int as n from embed_tokens where organization_id = '${org.organizationId}'`);
    const bad: Record<string, unknown>[] = [
      { allowedOrigins: ORIGINS, ttlSeconds: 600 }, // neither target
      { workoutId, planId, allowedOrigins: ORIGINS, ttlSeconds: 600 }, // both
      { workoutId, allowedOrigins: ORIGINS, ttlSeconds: 59 },
      { workoutId, allowedOrigins: ORIGINS, ttlSeconds: 86_401 },
      { workoutId, allowedOrigins: ORIGINS, ttlSeconds: 60.5 },
      { workoutId, allowedOrigins: ORIGINS },
      { workoutId, allowedOrigins: [], ttlSeconds: 600 },
      { workoutId, allowedOrigins: ["https://a.example.com/path"], ttlSeconds: 600 },
      { workoutId, allowedOrigins: ["*"], ttlSeconds: 600 },
      { workoutId, allowedOrigins: ["https://*.example.com"], ttlSeconds: 600 },
      { workoutId, allowedOrigins: ["https://a.example.com; script-src *"], ttlSeconds: 600 },
      { workoutId, allowedOrigins: ["https://a.example.com", "https://a.example.com"], ttlSeconds: 600 },
      { workoutId: "nothex", allowedOrigins: ORIGINS, ttlSeconds: 600 },
      { workoutId, allowedOrigins: ORIGINS, ttlSeconds: 600, extra: true },
      { workoutId, allowedOrigins: ORIGINS, ttlSeconds: 600, endUserId: "" },
    ];
    for (const body of bad) {
      const res = await call(base(), { key: org.key, body });
      expectError(res, 400, "ValidationError");
    }
    const after = await count(`select count(*)::int as n from embed_tokens where organization_id = '${org.organizationId}'`);
    expect(after).toBe(before);
  });

  it("answers 404 for an unknown, foreign or draft workout, an unknown plan and an unknown or suspended member", async () => {
    const other = await createLibraryOrg({ name: "Other" });
    const workoutId = org.library.workoutIds[0]!;
    const [draft] = await getDb()
      .select({ id: workouts.id })
      .from(workouts)
      .where(eq(workouts.organizationId, org.organizationId))
      .then((rows) => rows.filter((r) => !org.library.workoutIds.includes(r.id) && !org.library.privateWorkoutIds.includes(r.id)));
    const cases: Record<string, unknown>[] = [
      { workoutId: "0".repeat(24) },
      { workoutId: other.library.workoutIds[0] },
      { planId: "0".repeat(24) },
      { planId: other.library.planIds[0] },
      { workoutId, endUserId: "0".repeat(24) },
      { workoutId, endUserId: other.library.endUsers[0]!.id },
      { workoutId, endUserId: org.library.suspendedEndUser.id },
    ];
    if (draft) cases.push({ workoutId: draft.id });
    for (const body of cases) expectError(await call(base(), { key: org.key, body: { ttlSeconds: 600, allowedOrigins: ORIGINS, ...body } }), 404, "NotFound");
  });

  it("passes the shared auth cases (401 without a valid key, 403 for another organization's key) and 404 for an unknown organization", async () => {
    const body = { workoutId: org.library.workoutIds[0], ttlSeconds: 600, allowedOrigins: ORIGINS };
    await expectAuthMatrix(org, base(), { body });
    expectError(await call(`/v1/orgs/${"0".repeat(24)}/embed-tokens`, { key: org.key, body }), 404, "NotFound");
    // A member Bearer token cannot mint (team keys only).
    expectError(await call(base(), { token: org.accessToken, body }), 401, "Unauthorized");
  });
});

describe("DELETE /v1/orgs/{organizationId}/embed-tokens/{embedId}", () => {
  it("revokes (204, again 204), 404 for unknown or another organization's token, 403 for a foreign key", async () => {
    const t = await mint({ workoutId: org.library.workoutIds[0] });
    const del = await call(`${base()}/${t.id}`, { key: org.key, method: "DELETE" });
    expect(del.status, del.text).toBe(204);
    expect((await call(`${base()}/${t.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expectError(await call(`${base()}/${"0".repeat(24)}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    const other = await createTestOrg();
    expectError(await call(`${base(other)}/${t.id}`, { key: other.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${base()}/${t.id}`, { key: other.key, method: "DELETE" }), 403, "Forbidden");
    expectError(await call(`${base()}/not-hex`, { key: org.key, method: "DELETE" }), 400, "ValidationError");
  });
});

describe("playing with an embed token", () => {
  it("reads only its workout's document, playlist and music; everything else is 403 or 401", async () => {
    const [workoutId, otherWorkout] = org.library.workoutIds;
    const t = await mint({ workoutId });
    for (const p of [`/v1/workouts/${workoutId}`, `/v1/workouts/${workoutId}/playlist`, `/v1/workouts/${workoutId}/music`, "/v1/workouts/feedback/options"]) {
      const res = await call(p, { token: t.token });
      expect(res.status, `${p}: ${res.text}`).toBe(200);
    }
    expectError(await call(`/v1/workouts/${otherWorkout}`, { token: t.token }), 403, "Forbidden");
    expectError(await call(`/v1/workouts/${otherWorkout}/playlist`, { token: t.token }), 403, "Forbidden");
    // Sessions need the token's member: this one names none.
    expectError(await call(`/v1/workouts/${workoutId}/sessions/start`, { token: t.token, body: {} }), 403, "Forbidden");
    // Operations that take only keys do not see the token at all.
    expectError(await call(`/v1/orgs/${org.organizationId}/workouts`, { token: t.token }), 401, "Unauthorized");
    expectError(await call(base(), { token: t.token, body: { workoutId, ttlSeconds: 600, allowedOrigins: ORIGINS } }), 401, "Unauthorized");
  });

  it("plays every workout of its plan and no other (not another plan's, not another organization's)", async () => {
    await createLibraryOrg({ name: "Another library" });
    const t = await mint({ planId: org.library.planIds[0] });
    const n = await count(`select count(distinct workout_id)::int as n from plan_workouts where plan_id = '${org.library.planIds[0]}'`);
    expect(t.workoutIds.length).toBe(n);
    for (const id of t.workoutIds) {
      const res = await call(`/v1/workouts/${id}/playlist`, { token: t.token });
      expect(res.status, `${id}: ${res.text}`).toBe(200);
    }
    const outside = org.library.workoutIds.find((id) => !t.workoutIds.includes(id));
    if (outside) expectError(await call(`/v1/workouts/${outside}`, { token: t.token }), 403, "Forbidden");
  });

  it("records sessions and feedback only for its member, whatever the body says", async () => {
    const workoutId = org.library.workoutIds[1]!;
    const [member, otherMember] = org.library.endUsers;
    const t = await mint({ workoutId, endUserId: member!.id });
    // The body may name another member: the token's member wins (as with member Bearer tokens).
    const start = await call(`/v1/workouts/${workoutId}/sessions/start`, { token: t.token, body: { endUserId: otherMember!.id } });
    expect(start.status, start.text).toBe(201);
    const sessionId = start.body.data.id as string;
    const [row] = (await getDb().execute(`select end_user_id, organization_id from workout_sessions where id = '${sessionId}'`)) as unknown as {
      end_user_id: string;
      organization_id: string;
    }[];
    expect(row).toEqual({ end_user_id: member!.id, organization_id: org.organizationId });
    const patch = await call(`/v1/workouts/${workoutId}/sessions/${sessionId}`, { token: t.token, method: "PATCH", body: { progressSeconds: 30 } });
    expect(patch.status, patch.text).toBe(200);
    const done = await call(`/v1/workouts/${workoutId}/sessions/complete`, { token: t.token, body: { sessionId } });
    expect(done.status, done.text).toBe(200);
    const feedback = await call(`/v1/workouts/${workoutId}/feedback`, { token: t.token, body: { workoutSessionId: sessionId, comment: "good" } });
    expect(feedback.status, feedback.text).toBeLessThan(300);
    // Another member's session is not this token's.
    const theirs = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: org.key, body: { endUserId: otherMember!.id } });
    expect(theirs.status, theirs.text).toBe(201);
    expectError(await call(`/v1/workouts/${workoutId}/sessions/${theirs.body.data.id}`, { token: t.token }), 404, "NotFound");
  });

  it("is refused (401) once revoked, once past its expiry, when tampered with, and an expired token's page still knows its origins", async () => {
    const workoutId = org.library.workoutIds[0]!;
    const revoked = await mint({ workoutId });
    expect((await call(`/v1/workouts/${workoutId}`, { token: revoked.token })).status).toBe(200);
    expect((await call(`${base()}/${revoked.id}`, { key: org.key, method: "DELETE" })).status).toBe(204);
    expect(expectError(await call(`/v1/workouts/${workoutId}`, { token: revoked.token }), 401, "Unauthorized").message).toMatch(/revoked/);

    // Expired by the clock of the row (the JWT itself still valid for a moment).
    const lapsed = await mint({ workoutId });
    await getDb()
      .update(embedTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedTokens.id, lapsed.id));
    expect(expectError(await call(`/v1/workouts/${workoutId}/playlist`, { token: lapsed.token }), 401, "Unauthorized").message).toMatch(/expired/);

    // Expired JWT.
    const old = await mint({ workoutId });
    const expiredJwt = await signEmbedToken({
      tokenId: old.id,
      organizationId: org.organizationId,
      allowedOrigins: ORIGINS,
      expiresAt: new Date(Date.now() - 5000),
    });
    expect(expectError(await call(`/v1/workouts/${workoutId}`, { token: expiredJwt }), 401, "Unauthorized").message).toMatch(/expired/);
    expect(await embedTokenOrigins(expiredJwt)).toEqual(ORIGINS);

    // Tampered: another payload under the same signature.
    const [h, , s] = old.token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(old.token), ori: ["https://evil.example"] })).toString("base64url")}.${s}`;
    expectError(await call(`/v1/workouts/${workoutId}`, { token: forged }), 401, "Unauthorized");
    expect(await embedTokenOrigins(forged)).toBeNull();
    expect(await embedTokenOrigins("garbage")).toBeNull();
  });
});
