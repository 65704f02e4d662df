import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { trainers, workouts } from "@/db/schema";
import { categoryId, goalId } from "@/db/seed/reference";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { autopilotBase, createTask, insertDraftPlan, setEntitlements, taskRow } from "@/test/support/autopilot";

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
let org: TestLibraryOrg;
let other: TestLibraryOrg;
const base = (o: { organizationId: string } = org) => autopilotBase(o);
const wid = (key: string, o: TestLibraryOrg = org) => o.library.workoutIdByKey.get(key)!;

const AI_WORKOUT = {
  name: "Daily strength",
  scope: "ai_generate",
  contentType: "workout",
  categoryIds: [categoryId("strength")],
  difficultyOptions: ["beginner", "intermediate"],
  durationMin: 15,
  durationMax: 25,
  repeatMode: "daily",
};

const create = (body: Record<string, unknown>, o: TestLibraryOrg = org) => createTask(o, body);

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});

describe("POST /v1/orgs/{organizationId}/content-autopilot", () => {
  it("creates a draft task with every field of the resource (201)", async () => {
    const res = await call(base(), { key: org.key, body: { ...AI_WORKOUT, goalIds: [goalId("build-muscle")], promptGuidanceMode: "custom", customPromptGuidance: "  no jumping  " } });
    expect(res.status, res.text).toBe(201);
    const t = res.body.data;
    // The workspace's owning trainer: its first trainer (oldest, then lowest id).
    const [owner] = await getDb().select({ id: trainers.id }).from(trainers).where(eq(trainers.organizationId, org.organizationId)).orderBy(asc(trainers.createdAt), asc(trainers.id)).limit(1);
    expect(org.library.trainerIds).toContain(owner!.id);
    expect(t).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      _id: t.id,
      organizationId: org.organizationId,
      _teamId: org.organizationId,
      ownerId: owner!.id,
      _ownerId: owner!.id,
      name: "Daily strength",
      status: "draft",
      scope: "ai_generate",
      contentType: "workout",
      difficultyOptions: ["beginner", "intermediate"],
      categoryIds: [categoryId("strength")],
      goalIds: [goalId("build-muscle")],
      durationMin: 15,
      durationMax: 25,
      includeFreeStock: true,
      includePremiumStock: false,
      includeTeamContent: true,
      repeatMode: "daily",
      promptGuidanceMode: "custom",
      customPromptGuidance: "no jumping",
      sourceContentId: null,
      existingContentId: null,
      nextRunAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await call(`${base()}/${t.id}`, { key: org.key });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(t);
  });

  it("defaults contentType, flags, repeatMode and guidance; keeps a given nextRunAt", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const t = await create({ name: "Publish later", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft"), nextRunAt: at });
    expect(t).toMatchObject({ contentType: "workout", repeatMode: "once", promptGuidanceMode: "none", includeFreeStock: true, includeTeamContent: true, nextRunAt: at, status: "draft" });
  });

  it("gives ownerId null in a workspace without trainers", async () => {
    const bare = await createTestOrg();
    const res = await call(base(bare), { key: bare.key, body: AI_WORKOUT });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.ownerId).toBeNull();
    expect(res.body.data._ownerId).toBeNull();
  });

  it("answers what a scope misses with 400 ValidationError, one detail per broken rule naming its field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x", scope: "ai_generate", difficultyOptions: ["beginner"] }, "categoryIds"],
      [{ name: "x", scope: "ai_generate", categoryIds: [categoryId("hiit")] }, "difficultyOptions"],
      [{ name: "x", scope: "ai_generate", goalIds: [goalId("lose-weight")], difficultyOptions: [] }, "difficultyOptions"],
      [{ name: "x", scope: "ai_generate", categoryIds: [categoryId("hiit")], difficultyOptions: ["advanced"], includeFreeStock: false, includePremiumStock: false, includeTeamContent: false }, "includeFreeStock"],
      [{ name: "x", scope: "create_similar" }, "sourceContentId"],
      [{ name: "x", scope: "create_similar", contentType: "program" }, "sourceContentId"],
      [{ name: "x", scope: "publish_existing" }, "existingContentId"],
      [{ name: "x", scope: "publish_existing", contentType: "program", existingContentId: null }, "existingContentId"],
      [{ ...AI_WORKOUT, promptGuidanceMode: "custom" }, "customPromptGuidance"],
      [{ ...AI_WORKOUT, promptGuidanceMode: "custom", customPromptGuidance: "   " }, "customPromptGuidance"],
    ];
    for (const [body, target] of cases) {
      const err = expectError(await call(base(), { key: org.key, body }), 400, "ValidationError");
      expect(err.target, JSON.stringify(body)).toBe("CreateTaskBody");
      expect(err.details, JSON.stringify(body)).toEqual([{ code: "ConstraintError", message: expect.stringMatching(/needs/), target }]);
    }
  });

  it("checks that referenced content, categories and goals exist and belong to the organization", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...AI_WORKOUT, categoryIds: [UNKNOWN] }, "categoryIds"],
      [{ ...AI_WORKOUT, goalIds: [UNKNOWN] }, "goalIds"],
      [{ name: "x", scope: "create_similar", sourceContentId: UNKNOWN }, "sourceContentId"],
      [{ name: "x", scope: "create_similar", sourceContentId: wid("core-crusher", other) }, "sourceContentId"],
      [{ name: "x", scope: "create_similar", contentType: "program", sourceContentId: wid("core-crusher") }, "sourceContentId"],
      [{ name: "x", scope: "create_similar", contentType: "program", sourceContentId: other.library.planIds[0] }, "sourceContentId"],
      [{ name: "x", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", other) }, "existingContentId"],
      [{ name: "x", scope: "publish_existing", existingContentId: wid("core-crusher") }, "existingContentId"],
      [{ name: "x", scope: "publish_existing", contentType: "program", existingContentId: org.library.planIds[0] }, "existingContentId"],
    ];
    for (const [body, target] of cases) {
      const err = expectError(await call(base(), { key: org.key, body }), 400, "BadRequest");
      expect(err.target, JSON.stringify(body)).toBe(target);
    }
    // The adapt rule: only team workouts are sources of create_similar.
    await getDb().update(workouts).set({ source: "template" }).where(eq(workouts.id, wid("glute-lab")));
    const err = expectError(await call(base(), { key: org.key, body: { name: "x", scope: "create_similar", sourceContentId: wid("glute-lab") } }), 400, "BadRequest");
    expect(err).toMatchObject({ target: "sourceContentId", message: expect.stringContaining("team workouts") });
  });

  it("validates the body strictly (400 ValidationError)", async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { scope: "ai_generate" },
      { ...AI_WORKOUT, status: "active" },
      { ...AI_WORKOUT, unknownKey: 1 },
      { ...AI_WORKOUT, scope: "generate" },
      { ...AI_WORKOUT, contentType: "plan" },
      { ...AI_WORKOUT, repeatMode: "monthly" },
      { ...AI_WORKOUT, difficultyOptions: ["expert"] },
      { ...AI_WORKOUT, durationMin: 30, durationMax: 20 },
      { ...AI_WORKOUT, durationMax: 500 },
      { ...AI_WORKOUT, categoryIds: ["strength"] },
      { ...AI_WORKOUT, nextRunAt: "tomorrow" },
      { ...AI_WORKOUT, name: "" },
    ];
    for (const body of bad) {
      const err = expectError(await call(base(), { key: org.key, body }), 400, "ValidationError");
      expect(err.target).toBe("CreateTaskBody");
    }
    const unknown = expectError(await call(base(), { key: org.key, body: { ...AI_WORKOUT, extra: true } }), 400, "ValidationError");
    expect(unknown.details).toContainEqual({ code: "ConstraintError", message: expect.any(String), target: "extra" });
  });

  it("refuses with 403 and creates nothing when the entitlements do not allow the task", async () => {
    const o = await createLibraryOrg({ entitlements: { premiumStock: false, autopilotMinutesLimit: 20 } });
    const count = async () => (await call(base(o), { key: o.key })).body.links.total;
    // Premium stock without the entitlement.
    const premium = expectError(await call(base(o), { key: o.key, body: { ...AI_WORKOUT, durationMax: 20, includePremiumStock: true } }), 403, "Forbidden");
    expect(premium.message).toContain("premium");
    // A run of up to 25 minutes does not fit 20 minutes a month; 20 does.
    const minutes = expectError(await call(base(o), { key: o.key, body: AI_WORKOUT }), 403, "Forbidden");
    expect(minutes.message).toContain("minutes");
    expect(await count()).toBe(0);
    await create({ ...AI_WORKOUT, durationMax: 20 }, o);
    // Publishing existing content or generating plans creates no workout minutes.
    await create({ name: "p", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    // No autopilot in the plan at all: every scope is refused.
    await setEntitlements(o.organizationId, { autopilotMinutesLimit: 0 });
    expectError(await call(base(o), { key: o.key, body: { name: "p", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) } }), 403, "Forbidden");
    expect(await count()).toBe(2);
  });

  it("is key-only and organization-bound", async () => {
    await expectAuthMatrix(org, base(), { body: AI_WORKOUT });
    expectError(await call(base(), { token: org.accessToken, body: AI_WORKOUT }), 401, "Unauthorized");
    expectError(await call(`/v1/orgs/${UNKNOWN}/content-autopilot`, { key: org.key, body: AI_WORKOUT }), 404, "NotFound");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expect((await call(base(other), { key: multi, body: AI_WORKOUT })).status).toBe(201);
  });
});

describe("GET /v1/orgs/{organizationId}/content-autopilot", () => {
  let o: TestLibraryOrg;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    o = await createLibraryOrg();
    ids.a = (await create({ ...AI_WORKOUT, name: "A" }, o)).id;
    ids.b = (await create({ name: "B", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o)).id;
    ids.c = (await create({ name: "C", scope: "create_similar", contentType: "program", sourceContentId: o.library.planIds[0] }, o)).id;
    ids.d = (await create({ ...AI_WORKOUT, name: "D", contentType: "program" }, o)).id;
    expect((await call(`${base(o)}/${ids.a}/activate`, { key: o.key, method: "POST" })).status).toBe(200);
    // Touch B last so that it is the most recently updated.
    expect((await call(`${base(o)}/${ids.b}`, { key: o.key, method: "PATCH", body: { name: "B2" } })).status).toBe(200);
  });

  it("lists live tasks, most recently updated first, with links, total and an explanation", async () => {
    const res = await call(base(o), { key: o.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: any) => t.id)).toEqual([ids.b, ids.a, ids.d, ids.c]);
    expect(res.body.links).toEqual({ total: 4 });
    expect(res.body.explanation).toBe("4 tasks in this organization, most recently updated first; showing 1-4.");
    expect(res.body.data[0]).toMatchObject({ name: "B2", _id: ids.b, _teamId: o.organizationId });
  });

  it("filters by status, scope and contentType and sorts by createdAt either way", async () => {
    const active = await call(`${base(o)}?status=active`, { key: o.key });
    expect(active.body.data.map((t: any) => t.id)).toEqual([ids.a]);
    expect(active.body.explanation).toBe("1 active task in this organization, most recently updated first; showing 1-1.");
    const drafts = await call(`${base(o)}?status=draft&scope=ai_generate&contentType=program`, { key: o.key });
    expect(drafts.body.data.map((t: any) => t.id)).toEqual([ids.d]);
    expect(drafts.body.explanation).toBe("1 draft AI-generating program task in this organization, most recently updated first; showing 1-1.");
    const none = await call(`${base(o)}?status=active&scope=publish_existing`, { key: o.key });
    expect(none.body).toMatchObject({ data: [], links: { total: 0 }, explanation: "No active publish-existing autopilot tasks match these filters." });
    const asc = await call(`${base(o)}?sortBy=createdAt&sortOrder=ascend`, { key: o.key });
    expect(asc.body.data.map((t: any) => t.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(asc.body.explanation).toContain("least recently created first");
    const desc = await call(`${base(o)}?sortBy=createdAt&sortOrder=descend`, { key: o.key });
    expect(desc.body.data.map((t: any) => t.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
  });

  it("pages with limit, offset and links.next (default 20, max 50)", async () => {
    const p1 = await call(`${base(o)}?limit=3&sortBy=createdAt&sortOrder=ascend`, { key: o.key });
    expect(p1.body.data).toHaveLength(3);
    expect(p1.body.links.total).toBe(4);
    expect(p1.body.links.next).toContain("offset=3");
    const p2 = await call(p1.body.links.next, { key: o.key });
    expect(p2.body.data.map((t: any) => t.id)).toEqual([ids.d]);
    expect(p2.body.links.next).toBeUndefined();
    expect(p2.body.explanation).toContain("showing 4-4");
    expect((await call(`${base(o)}?limit=50`, { key: o.key })).status).toBe(200);
    for (const q of ["limit=51", "limit=0", "offset=-1", "status=paused", "scope=x", "contentType=plan", "sortBy=name", "sortOrder=asc", "page=2", "q=a"]) {
      expectError(await call(`${base(o)}?${q}`, { key: o.key }), 400, "ValidationError");
    }
  });

  it("is key-only and organization-bound", async () => {
    await expectAuthMatrix(o, base(o));
    expectError(await call(`/v1/orgs/${UNKNOWN}/content-autopilot`, { key: o.key }), 404, "NotFound");
    expect((await call(base(other), { key: other.key })).body.data.every((t: any) => t.organizationId === other.organizationId)).toBe(true);
  });
});

describe("GET, PATCH and DELETE /v1/orgs/{organizationId}/content-autopilot/{taskId}", () => {
  it("404 for unknown, other-organization and deleted tasks; 400 for non-hex ids; auth matrix", async () => {
    const t = await create(AI_WORKOUT);
    const foreign = await create(AI_WORKOUT, other);
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const body = method === "PATCH" ? { name: "x" } : undefined;
      expectError(await call(`${base()}/${UNKNOWN}`, { key: org.key, method, body }), 404, "NotFound");
      expectError(await call(`${base()}/${foreign.id}`, { key: org.key, method, body }), 404, "NotFound");
      expectError(await call(`${base()}/not-an-id`, { key: org.key, method, body }), 400, "ValidationError");
      await expectAuthMatrix(org, `${base()}/${t.id}`, { method, body });
    }
  });

  it("PATCH changes fields, keeps the state and reschedules", async () => {
    const t = await create(AI_WORKOUT);
    const at = new Date(Date.now() + 7_200_000).toISOString();
    const res = await call(`${base()}/${t.id}`, {
      key: org.key,
      method: "PATCH",
      body: { name: "Evening HIIT", categoryIds: [categoryId("hiit"), categoryId("hiit")], difficultyOptions: ["advanced"], repeatMode: "weekly", nextRunAt: at },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: t.id, status: "draft", name: "Evening HIIT", categoryIds: [categoryId("hiit")], difficultyOptions: ["advanced"], repeatMode: "weekly", nextRunAt: at, durationMax: 25 });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.updatedAt));
    // Activating keeps the future nextRunAt; PATCH keeps the task active and can clear the schedule.
    const active = await call(`${base()}/${t.id}/activate`, { key: org.key, method: "POST" });
    expect(active.body.data).toMatchObject({ status: "active", nextRunAt: at });
    const cleared = await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body: { nextRunAt: null, name: "Paused schedule" } });
    expect(cleared.body.data).toMatchObject({ status: "active", nextRunAt: null, name: "Paused schedule" });
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body: { nextRunAt: soon } })).body.data.nextRunAt).toBe(soon);
  });

  it("PATCH validates the merged task per scope and checks changed references", async () => {
    const t = await create(AI_WORKOUT);
    // The task rules on the merged task: ValidationError, the request type as target, the field in details.
    const broken: [Record<string, unknown>, string, string][] = [
      [{ categoryIds: [] }, "categoryIds", "ai_generate needs categoryIds or goalIds."],
      [{ difficultyOptions: [] }, "difficultyOptions", "ai_generate needs difficultyOptions (at least one difficulty)."],
      [{ scope: "create_similar" }, "sourceContentId", "create_similar needs sourceContentId."],
      [{ promptGuidanceMode: "custom" }, "customPromptGuidance", "promptGuidanceMode custom needs a non-empty customPromptGuidance."],
      [{ durationMin: 60 }, "durationMin", "durationMin must not exceed durationMax."],
    ];
    for (const [body, target, message] of broken) {
      const err = expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body }), 400, "ValidationError");
      expect(err, JSON.stringify(body)).toMatchObject({ target: "UpdateTaskBody", message, details: [{ code: "ConstraintError", message, target }] });
    }
    // What references point to: BadRequest naming the field.
    const references: [Record<string, unknown>, string][] = [
      [{ scope: "publish_existing", existingContentId: wid("core-crusher") }, "existingContentId"],
      [{ scope: "create_similar", sourceContentId: wid("core-crusher", other) }, "sourceContentId"],
      [{ goalIds: [UNKNOWN] }, "goalIds"],
    ];
    for (const [body, target] of references) {
      expect(expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body }), 400, "BadRequest").target, JSON.stringify(body)).toBe(target);
    }
    for (const body of [{ status: "active" }, { id: UNKNOWN }, { ownerId: UNKNOWN }, { durationMin: 30, durationMax: 10 }, { nextRunAt: "soon" }]) {
      expect(expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body }), 400, "ValidationError").target).toBe("UpdateTaskBody");
    }
    expect((await taskRow(t.id)).name).toBe("Daily strength");
    // A valid scope change.
    const similar = await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body: { scope: "create_similar", sourceContentId: wid("core-crusher") } });
    expect(similar.status, similar.text).toBe(200);
    expect(similar.body.data).toMatchObject({ scope: "create_similar", sourceContentId: wid("core-crusher") });
  });

  it("PATCH needs the entitlements for what it enlarges (403), not for other edits", async () => {
    const o = await createLibraryOrg({ entitlements: { premiumStock: true, autopilotMinutesLimit: 30 } });
    const t = await create({ ...AI_WORKOUT, includePremiumStock: true }, o);
    await setEntitlements(o.organizationId, { premiumStock: false });
    expect((await call(`${base(o)}/${t.id}`, { key: o.key, method: "PATCH", body: { name: "Renamed" } })).status).toBe(200);
    expectError(await call(`${base(o)}/${t.id}`, { key: o.key, method: "PATCH", body: { includePremiumStock: true } }), 403, "Forbidden");
    expect((await call(`${base(o)}/${t.id}`, { key: o.key, method: "PATCH", body: { includePremiumStock: false } })).status).toBe(200);
    expectError(await call(`${base(o)}/${t.id}`, { key: o.key, method: "PATCH", body: { durationMax: 45 } }), 403, "Forbidden");
    expect((await taskRow(t.id)).durationMax).toBe(25);
  });

  it("DELETE soft-deletes (204): later reads, updates, moves and lists give 404 or leave it out", async () => {
    const t = await create(AI_WORKOUT);
    await call(`${base()}/${t.id}/activate`, { key: org.key, method: "POST" });
    const del = await call(`${base()}/${t.id}`, { key: org.key, method: "DELETE" });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expectError(await call(`${base()}/${t.id}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "PATCH", body: { name: "x" } }), 404, "NotFound");
    for (const move of ["activate", "deactivate", "run-now"]) expectError(await call(`${base()}/${t.id}/${move}`, { key: org.key, method: "POST" }), 404, "NotFound");
    expectError(await call(`${base()}/${t.id}/events`, { key: org.key }), 404, "NotFound");
    const list = await call(`${base()}?limit=50`, { key: org.key });
    expect(list.body.data.map((x: any) => x.id)).not.toContain(t.id);
    const row = await taskRow(t.id);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.nextRunAt).toBeNull();
  });

  it("answers 405 for methods a path does not serve", async () => {
    const t = await create(AI_WORKOUT);
    expectError(await call(`${base()}/${t.id}`, { key: org.key, method: "POST", body: {} }), 405, "MethodNotAllowed");
    expectError(await call(`${base()}/${t.id}/activate`, { key: org.key }), 405, "MethodNotAllowed");
    expectError(await call(base(), { key: org.key, method: "DELETE" }), 405, "MethodNotAllowed");
  });
});

describe("activate and deactivate", () => {
  it("activate schedules from repeatMode, keeps a future nextRunAt, is idempotent; deactivate clears nextRunAt", async () => {
    const daily = await create(AI_WORKOUT);
    const before = Date.now();
    const a = await call(`${base()}/${daily.id}/activate`, { key: org.key, method: "POST" });
    expect(a.status).toBe(200);
    expect(a.body.data.status).toBe("active");
    const due = Date.parse(a.body.data.nextRunAt);
    expect(due - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(due - before).toBeLessThan(86_400_000 + 5000);
    const again = await call(`${base()}/${daily.id}/activate`, { key: org.key, method: "POST" });
    expect(again.body.data).toMatchObject({ status: "active", nextRunAt: a.body.data.nextRunAt });

    const weekly = await create({ ...AI_WORKOUT, repeatMode: "weekly" });
    const w = await call(`${base()}/${weekly.id}/activate`, { key: org.key, method: "POST" });
    expect(Date.parse(w.body.data.nextRunAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const once = await create({ ...AI_WORKOUT, repeatMode: "once" });
    const o = await call(`${base()}/${once.id}/activate`, { key: org.key, method: "POST" });
    expect(Math.abs(Date.parse(o.body.data.nextRunAt) - Date.now())).toBeLessThan(5000);

    // A past nextRunAt moves to its next occurrence (daily keeps the time of day).
    const past = new Date(Date.now() - 3 * 86_400_000 + 3_600_000);
    const p = await create({ ...AI_WORKOUT, nextRunAt: past.toISOString() });
    const pa = await call(`${base()}/${p.id}/activate`, { key: org.key, method: "POST" });
    expect(Date.parse(pa.body.data.nextRunAt)).toBe(past.getTime() + 3 * 86_400_000);

    const d = await call(`${base()}/${daily.id}/deactivate`, { key: org.key, method: "POST" });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ status: "draft", nextRunAt: null });
    expect((await call(`${base()}/${daily.id}/deactivate`, { key: org.key, method: "POST" })).body.data).toMatchObject({ status: "draft", nextRunAt: null });
  });

  it("404 for unknown or foreign tasks; auth matrix", async () => {
    const t = await create(AI_WORKOUT);
    const foreign = await create(AI_WORKOUT, other);
    for (const move of ["activate", "deactivate"]) {
      expectError(await call(`${base()}/${UNKNOWN}/${move}`, { key: org.key, method: "POST" }), 404, "NotFound");
      expectError(await call(`${base()}/${foreign.id}/${move}`, { key: org.key, method: "POST" }), 404, "NotFound");
      expectError(await call(`${base()}/${t.id}/${move}`, { key: org.key, method: "POST", body: { extra: 1 } }), 400, "ValidationError");
      await expectAuthMatrix(org, `${base()}/${t.id}/${move}`, { method: "POST" });
    }
    expect((await taskRow(foreign.id)).status).toBe("draft");
  });
});

describe("draft plans as publish_existing targets", () => {
  it("accepts an unpublished plan of the organization", async () => {
    const planId = await insertDraftPlan(org.organizationId, [wid("core-crusher")]);
    const t = await create({ name: "Publish plan", scope: "publish_existing", contentType: "program", existingContentId: planId });
    expect(t).toMatchObject({ contentType: "program", existingContentId: planId });
  });
});
