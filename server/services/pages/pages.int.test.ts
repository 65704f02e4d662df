import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { planWorkouts } from "@/db/schema";
import { issueAccessToken } from "@/server/core/access-tokens";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";

/**
 * The hosted pages' internal routes (/api/library, /api/member) over real HTTP: public content for
 * anyone, a member's own content through the page cookie, the member session exchange, sessions
 * through the grids, and the cross-site guard.
 */
useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const lib = (path: string, o = org) => `/api/library/${o.organizationId}${path}`;

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});

/** Signs the first seeded member in and returns the Cookie header for later calls. */
async function signIn(token = org.accessToken, orgId = org.organizationId): Promise<string> {
  const res = await call("/api/member/session", { body: { token, orgId } });
  expect(res.status, res.text).toBe(200);
  const setCookie = res.headers.get("set-cookie")!;
  expect(setCookie).toMatch(/^forma_member=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200/);
  return setCookie.split(";")[0]!;
}

describe("GET /api/library/{orgId}/workouts", () => {
  it("lists the published public workouts exactly as the list API, in cards, 12 a page", async () => {
    const api = await call(`/v1/orgs/${org.organizationId}/workouts?visibility=public&limit=12`, { key: org.key });
    const res = await call(lib("/workouts"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(api.body.data.map((w: { id: string }) => w.id));
    expect(res.body.total).toBe(api.body.links.total);
    expect(res.body.nextOffset).toBe(api.body.links.total > 12 ? 12 : null);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(["categories", "description", "difficulty", "duration", "id", "image", "name", "visibility"]);
    for (const id of org.library.privateWorkoutIds) expect(res.body.items.map((c: { id: string }) => c.id)).not.toContain(id);
    const page2 = await call(lib("/workouts?offset=12"));
    const api2 = await call(`/v1/orgs/${org.organizationId}/workouts?visibility=public&limit=12&offset=12`, { key: org.key });
    expect(page2.body.items.map((c: { id: string }) => c.id)).toEqual(api2.body.data.map((w: { id: string }) => w.id));
  });

  it("applies search, difficulty, duration and categories like the API, and filters by equipment", async () => {
    for (const q of ["q=stretch", "difficulty=advanced", "duration=15-30", "duration=-15"]) {
      const api = await call(`/v1/orgs/${org.organizationId}/workouts?visibility=public&limit=12&${q}`, { key: org.key });
      const res = await call(lib(`/workouts?${q}`));
      expect(res.body.items.map((c: { id: string }) => c.id), q).toEqual(api.body.data.map((w: { id: string }) => w.id));
    }
    const all = (await call(`/v1/orgs/${org.organizationId}/workouts?visibility=public&limit=50`, { key: org.key })).body.data as {
      id: string;
      equipment: { id: string }[];
      categories: { id: string }[];
    }[];
    const category = all[0]!.categories[0]!.id;
    const withCat = await call(lib(`/workouts?categoryIds=${category}&limit=50`));
    expect(withCat.body.items.map((c: { id: string }) => c.id).sort()).toEqual(
      all
        .filter((w) => w.categories.some((c) => c.id === category))
        .map((w) => w.id)
        .slice(0, 12)
        .sort(),
    );
    const equipment = [...new Set(all.flatMap((w) => w.equipment.map((e) => e.id)))];
    expect(equipment.length).toBeGreaterThan(1);
    for (const e of equipment.slice(0, 4)) {
      const expected = all.filter((w) => w.equipment.some((x) => x.id === e)).map((w) => w.id);
      const res = await call(lib(`/workouts?equipmentIds=${e}`));
      expect(res.body.total, e).toBe(expected.length);
      for (const c of res.body.items) expect(expected).toContain(c.id);
    }
    // Bad filter values are dropped, never a 400 (the page must render).
    const lenient = await call(lib("/workouts?difficulty=expert&duration=soon&categoryIds=junk"));
    expect(lenient.status).toBe(200);
    expect(lenient.body.total).toBe(all.length);
  });

  it("localizes names with the read fallback", async () => {
    const de = await call(`/v1/orgs/${org.organizationId}/workouts?visibility=public&limit=12&locale=de-DE`, { key: org.key });
    const res = await call(lib("/workouts?locale=de-DE"));
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual(de.body.data.map((w: { name: string }) => w.name));
  });

  it("404 for an unknown organization, 400 for a malformed one", async () => {
    expectError(await call("/api/library/0123456789abcdef01234567/workouts"), 404, "NotFound");
    expectError(await call("/api/library/nope/workouts"), 400, "BadRequest");
  });
});

describe("GET /api/library/{orgId}/plans and plans/{planId}", () => {
  it("lists public plans only and opens a public plan by weeks", async () => {
    const res = await call(lib("/plans"));
    expect(res.body.items.map((p: { id: string }) => p.id).sort()).toEqual([...org.library.planIds].sort());
    const planId = org.library.planIds[0]!;
    const detail = await call(lib(`/plans/${planId}`));
    expect(detail.status).toBe(200);
    const slots = await call(`/v1/plans/${planId}/workouts?limit=50`, { key: org.key });
    const shown = detail.body.weeks.flatMap((w: { days: { workouts: { id: string }[] }[] }) => w.days.flatMap((d) => d.workouts.map((x) => x.id)));
    expect(shown).toEqual(slots.body.data.map((s: { workout: { id: string } }) => s.workout.id));
    expect(detail.body.plan.workoutCount).toBe(shown.length);
  });

  it("private plans only for a member who has them; other organizations' plans never", async () => {
    const privatePlan = org.library.privatePlanIds[0]!;
    expectError(await call(lib(`/plans/${privatePlan}`)), 404, "NotFound");
    expectError(await call(lib(`/plans/${other.library.planIds[0]}`)), 404, "NotFound");
    const cookie = await signIn();
    expectError(await call(lib(`/plans/${privatePlan}`), { headers: { cookie } }), 404, "NotFound");
    const assign = await call(`/v1/orgs/${org.organizationId}/endusers/${org.library.endUsers[0]!.id}/plans/assign`, { key: org.key, body: { planIds: [privatePlan] } });
    expect(assign.status).toBe(200);
    expect((await call(lib(`/plans/${privatePlan}`), { headers: { cookie } })).status).toBe(200);
  });
});

describe("GET /api/library/{orgId}/member/workouts and member/plans", () => {
  type Card = { id: string; categories?: string[]; goals?: string[]; workoutCount?: number; visibility: string };

  it("need a signed-in member", async () => {
    expectError(await call(lib("/member/workouts")), 401, "Unauthorized");
    expectError(await call(lib("/member/plans")), 401, "Unauthorized");
  });

  it("page the member's assigned workouts like the grid, as the public grid's cards (categories, private ones too)", async () => {
    const member = org.library.endUsers[0]!;
    const cookie = await signIn();
    const ids = [...org.library.workoutIds.slice(0, 13), org.library.privateWorkoutIds[0]!];
    for (const batch of [ids.slice(0, 7), ids.slice(7)]) {
      const assigned = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/workouts/assign`, { key: org.key, body: { workoutIds: batch } });
      expect(assigned.status, assigned.text).toBe(200);
    }
    const api = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/workouts?limit=50`, { key: org.key });
    const expected = api.body.data.map((w: { id: string }) => w.id) as string[];
    expect(expected.length).toBeGreaterThanOrEqual(14);

    const first = await call(lib("/member/workouts"), { headers: { cookie } });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.body.items.map((c: Card) => c.id)).toEqual(expected.slice(0, 12));
    expect(first.body).toMatchObject({ total: expected.length, nextOffset: 12 });
    const second = await call(lib("/member/workouts?offset=12"), { headers: { cookie } });
    expect(second.body.items.map((c: Card) => c.id)).toEqual(expected.slice(12, 24));
    expect(second.body.nextOffset).toBe(expected.length > 24 ? 24 : null);

    // The same cards as the public grid: real categories, and the private workout marked as such.
    const all = [...first.body.items, ...second.body.items] as Card[];
    expect(all.find((c) => c.id === org.library.privateWorkoutIds[0])?.visibility).toBe("private");
    const publicCards = (await call(lib("/workouts?limit=50"))).body.items as Card[];
    const grid = [...publicCards, ...((await call(lib("/workouts?offset=12"))).body.items as Card[]), ...((await call(lib("/workouts?offset=24"))).body.items as Card[])];
    let compared = 0;
    for (const card of all) {
      const same = grid.find((c) => c.id === card.id);
      if (!same) continue;
      expect(card).toEqual(same);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    expect(all.some((c) => (c.categories ?? []).length > 0)).toBe(true);
  });

  it("list the member's library plans with their goals and workout counts", async () => {
    const member = org.library.endUsers[0]!;
    const cookie = await signIn();
    const planIds = [org.library.planIds[2]!, org.library.privatePlanIds[0]!];
    const assigned = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/plans/assign`, { key: org.key, body: { planIds } });
    expect(assigned.status, assigned.text).toBe(200);
    const api = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/plans?limit=50`, { key: org.key });
    const res = await call(lib("/member/plans?locale=de-DE"), { headers: { cookie } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((c: Card) => c.id)).toEqual(api.body.data.map((p: { id: string }) => p.id));
    expect(res.body).toMatchObject({ total: api.body.data.length, nextOffset: null });
    for (const planId of planIds) {
      const card = res.body.items.find((c: Card) => c.id === planId) as Card;
      const plan = await call(`/v1/plans/${planId}?locale=de-DE`, { key: org.key });
      expect(card.goals).toEqual(plan.body.data.goals.map((g: { name: string }) => g.name));
      expect(card.goals!.length).toBeGreaterThan(0);
      const slots = await call(`/v1/plans/${planId}/workouts?limit=1`, { key: org.key });
      expect(card.workoutCount).toBe(slots.body.links.total);
      expect(card.workoutCount).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/library/{orgId}/workouts/{workoutId}/player", () => {
  it("answers the detail, playlist and music of a public workout as /v1 renders them", async () => {
    const id = org.library.workoutIds[0]!;
    const res = await call(lib(`/workouts/${id}/player`));
    expect(res.status).toBe(200);
    const [detail, playlist] = await Promise.all([call(`/v1/workouts/${id}`, { key: org.key }), call(`/v1/workouts/${id}/playlist`, { key: org.key })]);
    expect(res.body.workout.id).toBe(detail.body.data.id);
    expect(res.body.workout.name).toBe(detail.body.data.name);
    expect(res.body.playlist.data.map((s: object) => Object.keys(s)[0])).toEqual(playlist.body.data.map((s: object) => Object.keys(s)[0]));
    expect(Array.isArray(res.body.music.tracks)).toBe(true);
  });

  it("private workouts: 404 for anyone, 200 for the member they are assigned to, or through a plan the viewer may open", async () => {
    const privateId = org.library.privateWorkoutIds[0]!;
    expectError(await call(lib(`/workouts/${privateId}/player`)), 404, "NotFound");
    expectError(await call(lib(`/workouts/${other.library.workoutIds[0]}/player`)), 404, "NotFound");
    // Scheduled in a public plan: playable through that plan only.
    const planId = org.library.planIds[0]!;
    const [slot] = await getDb().select().from(planWorkouts).where(eq(planWorkouts.planId, planId)).limit(1);
    await getDb().update(planWorkouts).set({ workoutId: privateId }).where(eq(planWorkouts.id, slot!.id));
    expect((await call(lib(`/workouts/${privateId}/player?planId=${planId}`))).status).toBe(200);
    expectError(await call(lib(`/workouts/${privateId}/player?planId=${org.library.planIds[1]}`)), 404, "NotFound");
    await getDb().update(planWorkouts).set({ workoutId: slot!.workoutId }).where(eq(planWorkouts.id, slot!.id));

    const member = org.library.endUsers[1]!;
    const token = await issueAccessToken(member.id, org.organizationId);
    const cookie = await signIn(token);
    expectError(await call(lib(`/workouts/${privateId}/player`), { headers: { cookie } }), 404, "NotFound");
    await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/workouts/assign`, { key: org.key, body: { workoutIds: [privateId] } });
    expect((await call(lib(`/workouts/${privateId}/player`), { headers: { cookie } })).status).toBe(200);
    // The cookie of one organization means nothing on another's pages.
    expectError(await call(lib(`/workouts/${other.library.privateWorkoutIds[0]}/player`, other), { headers: { cookie } }), 404, "NotFound");
  });
});

describe("member sessions through the grids", () => {
  it("start, patch and complete as the signed-in member; the plan progress moves", async () => {
    const member = org.library.endUsers[2]!;
    const cookie = await signIn(await issueAccessToken(member.id, org.organizationId));
    const planId = org.library.planIds[1]!;
    const started = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/plans/start`, { key: org.key, body: { planId } });
    expect(started.status).toBeLessThan(300);
    const slots = await call(`/v1/plans/${planId}/workouts?limit=1`, { key: org.key });
    const workoutId = slots.body.data[0].workout.id as string;
    const path = lib(`/workouts/${workoutId}/session`);

    const start = await call(path, { body: { action: "start", planId }, headers: { cookie } });
    expect(start.status, start.text).toBe(201);
    const sessionId = start.body.data.id as string;
    const playlist = await call(`/v1/workouts/${workoutId}/playlist`, { key: org.key });
    const segmentId = (Object.values(playlist.body.data[0])[0] as { id: string }).id;
    const patch = await call(path, { body: { action: "patch", sessionId, progressSeconds: 42, workoutSegmentId: segmentId }, headers: { cookie } });
    expect(patch.body.data).toMatchObject({ status: "started", duration: 42, workoutSegmentId: segmentId });
    const done = await call(path, { body: { action: "complete", sessionId }, headers: { cookie } });
    expect(done.body.data).toMatchObject({ status: "completed", progress: 1 });
    expectError(await call(path, { body: { action: "end", sessionId }, headers: { cookie } }), 409, "Conflict");

    // The session is the member's, as with a Bearer token.
    const viaApi = await call(`/v1/workouts/${workoutId}/sessions/${sessionId}?endUserId=${member.id}`, { key: org.key });
    expect(viaApi.body.data.id).toBe(sessionId);
    const progress = await call(`/v1/orgs/${org.organizationId}/endusers/${member.id}/plans/active/progress`, { key: org.key });
    expect(progress.body.data.completedWorkouts).toBe(1);

    const options = await call(lib("/feedback-options"), { headers: { cookie } });
    expect(options.body.data.rating.length).toBeGreaterThan(0);
    const fb = await call(path, { body: { action: "feedback", sessionId, ratingId: options.body.data.rating[0].id }, headers: { cookie } });
    expect(fb.status, fb.text).toBe(200);
  });

  it("takes exactly what the API's session and feedback bodies take (their declared rules, not a copy)", async () => {
    const cookie = await signIn();
    const workoutId = org.library.workoutIds[1]!;
    const path = lib(`/workouts/${workoutId}/session`);
    const sessionId = (await call(path, { body: { action: "start" }, headers: { cookie } })).body.data.id as string;
    const send = (body: Record<string, unknown>) => call(path, { body, headers: { cookie } });

    // PATCH: the API's limits and its "at least one field" rule.
    const tooLong = await send({ action: "patch", sessionId, progressSeconds: 604_801 });
    expectError(tooLong, 400, "ValidationError");
    expect(tooLong.body.error.details).toEqual([expect.objectContaining({ code: "RangeError", target: "progressSeconds" })]);
    const empty = await send({ action: "patch", sessionId });
    expectError(empty, 400, "ValidationError");
    expect(empty.body.error.details[0].message).toBe("Send progressSeconds, workoutSegmentId and/or quality.");
    const onlyProgress = await send({ action: "patch", sessionId, progressSeconds: 30 });
    expect(onlyProgress.status, onlyProgress.text).toBe(200);
    expect(onlyProgress.body.data.duration).toBe(30);
    // Attribution is the API's and not the page's: the cookie names the member.
    const attributed = await send({ action: "patch", sessionId, progressSeconds: 31, endUserId: org.library.endUsers[1]!.id });
    expectError(attributed, 400, "ValidationError");
    expect(attributed.body.error.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "endUserId" })]);

    // Feedback: `comment: null` clears, as on the API; an empty feedback is refused, as on the API.
    expect((await send({ action: "complete", sessionId })).status).toBe(200);
    const commented = await send({ action: "feedback", sessionId, comment: "  Hard but good  " });
    expect(commented.status, commented.text).toBe(200);
    expect(commented.body.data).toMatchObject({ workoutSessionId: sessionId, comment: "Hard but good" });
    const cleared = await send({ action: "feedback", sessionId, comment: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.comment).toBeNull();
    const nothing = await send({ action: "feedback", sessionId });
    expectError(nothing, 400, "ValidationError");
    expect(nothing.body.error.details[0].message).toBe("Send ratingId, difficultyId and/or comment.");
    expectError(await send({ action: "feedback", sessionId, comment: "x".repeat(2001) }), 400, "ValidationError");
  });

  it("needs a signed-in member, a JSON body of this origin, and a valid action", async () => {
    const workoutId = org.library.workoutIds[0]!;
    const path = lib(`/workouts/${workoutId}/session`);
    expectError(await call(path, { body: { action: "start" } }), 401, "Unauthorized");
    expectError(await call(lib("/feedback-options")), 401, "Unauthorized");
    const cookie = await signIn();
    expectError(await call(path, { body: { action: "start" }, headers: { cookie, origin: "https://evil.example" } }), 403, "Forbidden");
    expectError(await call(path, { rawBody: "action=start", headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }), 415, "UnsupportedMediaType");
    expectError(await call(path, { body: { action: "fly" }, headers: { cookie } }), 400, "ValidationError");
    expectError(await call(path, { body: { action: "start", extra: 1 }, headers: { cookie } }), 400, "ValidationError");
  });
});

describe("POST /api/member/session", () => {
  it("exchanges a member token for a page cookie that is not an API credential", async () => {
    const cookie = await signIn();
    const value = cookie.split("=")[1]!;
    expect(value).not.toBe(org.accessToken);
    expectError(await call(`/v1/workouts/${org.library.workoutIds[0]}`, { token: value }), 401, "Unauthorized");
  });

  it("refuses expired, foreign and suspended members' tokens", async () => {
    expectError(await call("/api/member/session", { body: { token: "nope", orgId: org.organizationId } }), 401, "Unauthorized");
    expectError(await call("/api/member/session", { body: { token: org.accessToken, orgId: other.organizationId } }), 400, "BadRequest");
    const suspended = await issueAccessToken(org.library.suspendedEndUser.id, org.organizationId);
    expectError(await call("/api/member/session", { body: { token: suspended, orgId: org.organizationId } }), 404, "NotFound");
    expectError(await call("/api/member/session", { body: { token: org.accessToken }, headers: { origin: "https://evil.example" } }), 403, "Forbidden");
  });

  it("a plain form signs in with a redirect back (only to this site), and signs out", async () => {
    const form = (fields: Record<string, string>) => ({ rawBody: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const res = await fetchNoRedirect("/api/member/session", form({ token: org.accessToken, orgId: org.organizationId, next: `/plans?orgId=${org.organizationId}` }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/plans?orgId=${org.organizationId}`);
    expect(res.headers.get("set-cookie")).toMatch(/^forma_member=/);
    const evil = await fetchNoRedirect("/api/member/session", form({ token: org.accessToken, orgId: org.organizationId, next: "//evil.example/" }));
    expect(evil.headers.get("location")).toBe(`/workouts?orgId=${org.organizationId}`);
    const bad = await fetchNoRedirect("/api/member/session", form({ token: "nope", orgId: org.organizationId }));
    expect(bad.headers.get("location")).toBe(`/sign-in?orgId=${org.organizationId}&error=expired`);
    const out = await fetchNoRedirect("/api/member/sign-out", form({ next: "/workouts" }));
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/^forma_member=; .*Max-Age=0/);
  });
});

async function fetchNoRedirect(path: string, opts: { rawBody: string; headers: Record<string, string> }) {
  const { app } = await import("@/test/harness");
  return fetch(`${app.baseUrl}${path}`, { method: "POST", body: opts.rawBody, headers: opts.headers, redirect: "manual" });
}
