import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { libraryPlans, libraryWorkouts, plans, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createKey, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addMembers, outboxRowsFor } from "@/test/support/members";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const base = () => `/v1/orgs/${org.organizationId}/endusers`;
const db = () => getDb();

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});

async function freshMember(opts: { email?: boolean } = {}) {
  const [m] = await addMembers(db(), org.organizationId, 1, opts);
  return m!;
}

const libraryWorkoutIds = async (endUserId: string) =>
  (await db().select({ id: libraryWorkouts.workoutId }).from(libraryWorkouts).where(eq(libraryWorkouts.endUserId, endUserId))).map((r) => r.id).sort();

describe("GET /v1/orgs/{organizationId}/endusers", () => {
  it("lists members newest first with a documented shape, limit up to 100", async () => {
    const res = await call(`${base()}?limit=100`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.links.total).toBeGreaterThanOrEqual(4);
    const alex = res.body.data.find((u: { id: string }) => u.id === org.library.endUsers[0]!.id);
    expect(alex).toEqual({
      id: org.library.endUsers[0]!.id,
      email: org.library.endUsers[0]!.email,
      externalId: org.library.endUsers[0]!.externalId,
      name: "Alex Morgan",
      status: "active",
      preferredLocale: "en-US",
      timeZone: "America/New_York",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body.data.some((u: { status: string }) => u.status === "suspended")).toBe(true);
    const created = res.body.data.map((u: { createdAt: string }) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("pages with links.next, filters by status and rejects limit above 100", async () => {
    const page = await call(`${base()}?limit=2`, { key: org.key });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.links.next).toContain("offset=2");
    const next = await call(page.body.links.next, { key: org.key });
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    const suspended = await call(`${base()}?status=suspended`, { key: org.key });
    expect(suspended.body.data.map((u: { id: string }) => u.id)).toEqual([org.library.suspendedEndUser.id]);
    expectError(await call(`${base()}?limit=101`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${base()}?page=2`, { key: org.key }), 400, "ValidationError");
  });

  it("is key-only and organization-bound", async () => {
    await expectAuthMatrix(org, base());
    expectError(await call(base(), { token: org.accessToken }), 401, "Unauthorized");
    expectError(await call(`/v1/orgs/${"0".repeat(24)}/endusers`, { key: org.key }), 404, "NotFound");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expect((await call(`/v1/orgs/${other.organizationId}/endusers`, { key: multi })).status).toBe(200);
  });
});

describe("the {endUserId} segment", () => {
  it("resolves an id, an external id or an email in any case, also URL-encoded", async () => {
    const u = org.library.endUsers[1]!;
    for (const ident of [u.id, u.id.toUpperCase(), u.externalId, u.email, u.email.toUpperCase(), encodeURIComponent(u.email)]) {
      const res = await call(`${base()}/${ident}/workouts`, { key: org.key });
      expect(res.status, ident).toBe(200);
    }
  });

  it("answers 404, never 500, for unknown, suspended and other organizations' members", async () => {
    const idents = [
      "0".repeat(24),
      "nobody@example.com",
      "ext-unknown",
      org.library.suspendedEndUser.id,
      org.library.suspendedEndUser.email,
      org.library.suspendedEndUser.externalId,
      other.library.endUsers[0]!.id,
      other.library.endUsers[0]!.email,
      encodeURIComponent("%%%"),
      "a'b\"c;--",
    ];
    for (const ident of idents) {
      expectError(await call(`${base()}/${encodeURIComponent(ident)}/workouts`, { key: org.key }), 404, "NotFound");
      expectError(await call(`${base()}/${encodeURIComponent(ident)}/workouts/assign`, { key: org.key, body: { workoutIds: [] } }), 404, "NotFound");
      expectError(await call(`${base()}/${encodeURIComponent(ident)}/plans/active/progress`, { key: org.key }), 404, "NotFound");
    }
  });

  it("runs the shared security cases on every library route", async () => {
    const u = org.library.endUsers[0]!.id;
    await expectAuthMatrix(org, `${base()}/${u}/workouts`);
    await expectAuthMatrix(org, `${base()}/${u}/plans`);
    await expectAuthMatrix(org, `${base()}/${u}/workouts/assign`, { body: { workoutIds: [] } });
    await expectAuthMatrix(org, `${base()}/${u}/workouts/unassign`, { body: { workoutIds: [] } });
    await expectAuthMatrix(org, `${base()}/${u}/plans/assign`, { body: { planIds: [] } });
    await expectAuthMatrix(org, `${base()}/${u}/plans/unassign`, { body: { planIds: [] } });
    await expectAuthMatrix(org, `${base()}/${u}/plans/start`, { body: { planId: org.library.planIds[0] } });
    await expectAuthMatrix(org, `${base()}/${u}/plans/${org.library.planIds[0]}/end`, { method: "POST" });
    await expectAuthMatrix(org, `${base()}/${u}/plans/active`);
    await expectAuthMatrix(org, `${base()}/${u}/plans/active/progress`);
    // A member token does not open key-only routes.
    expectError(await call(`${base()}/${u}/workouts`, { token: org.accessToken }), 401, "Unauthorized");
  });
});

describe("workout assignment", () => {
  it("assigns published public and private workouts, skips ones already there and lists them", async () => {
    const m = await freshMember();
    const ids = [org.library.workoutIds[0]!, org.library.privateWorkoutIds[0]!];
    const first = await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: ids } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ added: ids, alreadyAssigned: [], notifications: { email: true, push: true } });
    const again = await call(`${base()}/${m.externalId}/workouts/assign`, { key: org.key, body: { workoutIds: [ids[0], org.library.workoutIds[1]] } });
    expect(again.body.data).toEqual({ added: [org.library.workoutIds[1]], alreadyAssigned: [ids[0]], notifications: { email: true, push: true } });

    expectError(await call(`${base()}/${m.id}/workouts?limit=51`, { key: org.key }), 400, "ValidationError");
    const list = await call(`${base()}/${m.email}/workouts?locale=de-DE`, { key: org.key });
    expect(list.status).toBe(200);
    expect(list.body.links.total).toBe(3);
    expect(list.body.data.map((w: { id: string }) => w.id).sort()).toEqual([...ids, org.library.workoutIds[1]].sort());
    expect(list.body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: expect.any(String),
      description: expect.any(String),
      duration: expect.any(Number),
      difficulty: expect.stringMatching(/^(beginner|intermediate|advanced)$/),
      visibility: expect.stringMatching(/^(public|private)$/),
      locked: expect.any(Boolean),
      rating: expect.any(Number),
      thumbnailUrl: expect.any(String),
      assignedAt: expect.any(String),
    });
  });

  it("gives 200 for an empty list and 400 for more than 10 ids", async () => {
    const m = await freshMember();
    const empty = await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [] } });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ added: [], alreadyAssigned: [], notifications: { email: false, push: false } });
    const eleven = Array.from({ length: 11 }, (_, i) => org.library.workoutIds[i % org.library.workoutIds.length]!);
    expectError(await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: eleven } }), 400, "ValidationError");
    expectError(await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: ["core-crusher"] } }), 400, "ValidationError");
    expectError(await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [], extra: 1 } }), 400, "ValidationError");
    expect(await libraryWorkoutIds(m.id)).toEqual([]);
    expect(await outboxRowsFor(db(), m.id)).toEqual([]);
  });

  it("writes nothing when any id is ineligible (other organization, unknown, draft)", async () => {
    const m = await freshMember();
    const draft = org.library.workoutIds.at(-1)!;
    await db().update(workouts).set({ status: "draft" }).where(eq(workouts.id, draft));
    try {
      for (const bad of [other.library.workoutIds[0]!, "f".repeat(24), draft]) {
        const err = expectError(
          await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [org.library.workoutIds[0], bad] } }),
          400,
          "BadRequest",
        );
        expect(err.details).toEqual([expect.objectContaining({ target: "workoutIds.1" })]);
      }
      expect(await libraryWorkoutIds(m.id)).toEqual([]);
      expect(await outboxRowsFor(db(), m.id)).toEqual([]);
    } finally {
      await db().update(workouts).set({ status: "published" }).where(eq(workouts.id, draft));
    }
  });

  it("hides assigned workouts that are no longer published", async () => {
    const m = await freshMember();
    const w = org.library.workoutIds[2]!;
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [w] } });
    await db().update(workouts).set({ status: "draft" }).where(eq(workouts.id, w));
    try {
      const list = await call(`${base()}/${m.id}/workouts`, { key: org.key });
      expect(list.body).toMatchObject({ data: [], links: { total: 0 } });
    } finally {
      await db().update(workouts).set({ status: "published" }).where(eq(workouts.id, w));
    }
  });

  it("announces only newly added rows, in the outbox, honouring the flags", async () => {
    const m = await freshMember();
    const [a, b, c] = org.library.workoutIds;
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [a] } });
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [a, b] } });
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [a, b] } });
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [c], sendAssignmentEmail: false } });
    const rows = await outboxRowsFor(db(), m.id);
    expect(rows.map((r) => [r.channel, r.template, (r.payload.items as { id: string }[]).map((i) => i.id)])).toEqual([
      ["email", "library.workouts.assigned", [a]],
      ["push", "library.workouts.assigned", [a]],
      ["email", "library.workouts.assigned", [b]],
      ["push", "library.workouts.assigned", [b]],
      ["push", "library.workouts.assigned", [c]],
    ]);
    expect(rows.every((r) => r.organizationId === org.organizationId)).toBe(true);

    const quiet = await freshMember();
    const res = await call(`${base()}/${quiet.id}/workouts/assign`, {
      key: org.key,
      body: { workoutIds: [a], sendAssignmentEmail: false, sendAssignmentPush: false },
    });
    expect(res.body.data.notifications).toEqual({ email: false, push: false });
    expect(await outboxRowsFor(db(), quiet.id)).toEqual([]);

    const noEmail = await freshMember({ email: false });
    await call(`${base()}/${noEmail.externalId}/workouts/assign`, { key: org.key, body: { workoutIds: [a] } });
    expect((await outboxRowsFor(db(), noEmail.id)).map((r) => r.channel)).toEqual(["push"]);
  });

  it("never duplicates rows or notifications under concurrent assigns of the same ids", async () => {
    const m = await freshMember();
    const ids = org.library.workoutIds.slice(0, 6);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: i % 2 ? [...ids].reverse() : ids } })),
    );
    for (const r of responses) expect(r.status, r.text).toBe(200);
    const added = responses.flatMap((r) => r.body.data.added as string[]);
    expect(added.sort()).toEqual([...ids].sort());
    expect(await libraryWorkoutIds(m.id)).toEqual([...ids].sort());
    const rows = await outboxRowsFor(db(), m.id);
    for (const channel of ["email", "push"] as const) {
      const announced = rows.filter((r) => r.channel === channel).flatMap((r) => (r.payload.items as { id: string }[]).map((i) => i.id));
      expect(announced.sort(), channel).toEqual([...ids].sort());
    }
  });

  it("unassigns idempotently, ignoring unknown and other organizations' ids, without notifications", async () => {
    const m = await freshMember();
    const [a, b] = org.library.workoutIds;
    await call(`${base()}/${m.id}/workouts/assign`, { key: org.key, body: { workoutIds: [a, b], sendAssignmentEmail: false, sendAssignmentPush: false } });
    const res = await call(`${base()}/${m.id}/workouts/unassign`, { key: org.key, body: { workoutIds: [a, other.library.workoutIds[0], "e".repeat(24)] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: [a] });
    const again = await call(`${base()}/${m.id}/workouts/unassign`, { key: org.key, body: { workoutIds: [a] } });
    expect(again.body.data).toEqual({ removed: [] });
    expect(await libraryWorkoutIds(m.id)).toEqual([b]);
    expect(await outboxRowsFor(db(), m.id)).toEqual([]);
    expectError(await call(`${base()}/${m.id}/workouts/unassign`, { key: org.key, body: { workoutIds: ["nope"] } }), 400, "ValidationError");
  });
});

describe("plan assignment", () => {
  async function aiPlanFor(endUserId: string) {
    const id = newId();
    await db()
      .insert(plans)
      .values({
        id,
        organizationId: org.organizationId,
        trainerId: null,
        endUserId,
        name: { "en-US": "My AI plan" },
        difficulty: "beginner",
        visibility: "end-user-ai-generated",
        source: "ai-generated",
        durationWeeks: 1,
        daysPerWeek: 2,
      });
    return id;
  }

  it("assigns trainer plans without starting them and announces only new rows", async () => {
    const m = await freshMember();
    const ids = [org.library.planIds[0]!, org.library.privatePlanIds[0]!];
    const res = await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: ids } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: ids, alreadyAssigned: [], notifications: { email: true, push: true } });
    const again = await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: ids } });
    expect(again.body.data).toEqual({ added: [], alreadyAssigned: ids, notifications: { email: false, push: false } });
    expect((await call(`${base()}/${m.id}/plans/active`, { key: org.key })).body).toEqual({ data: null });
    const list = await call(`${base()}/${m.id}/plans`, { key: org.key });
    expect(list.body.links.total).toBe(2);
    expect(list.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      difficulty: expect.any(String),
      visibility: expect.stringMatching(/^(public|private)$/),
      durationWeeks: expect.any(Number),
      daysPerWeek: expect.any(Number),
      goalIds: expect.any(Array),
      assignedAt: expect.any(String),
    });
    const rows = await outboxRowsFor(db(), m.id);
    expect(rows.map((r) => [r.channel, r.template, (r.payload.items as { id: string }[]).map((i) => i.id)])).toEqual([
      ["email", "library.plans.assigned", ids],
      ["push", "library.plans.assigned", ids],
    ]);
  });

  it("rejects more than 5 ids and ineligible plans (end-user-ai-generated, other organization), all or nothing", async () => {
    const m = await freshMember();
    const six = Array.from({ length: 6 }, (_, i) => org.library.planIds[i % org.library.planIds.length]!);
    expectError(await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: six } }), 400, "ValidationError");
    const ai = await aiPlanFor(m.id);
    for (const bad of [ai, other.library.planIds[0]!, "a".repeat(24)]) {
      expectError(await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: [org.library.planIds[0], bad] } }), 400, "BadRequest");
    }
    const rows = await db().select().from(libraryPlans).where(eq(libraryPlans.endUserId, m.id));
    expect(rows).toEqual([]);
    expect(await outboxRowsFor(db(), m.id)).toEqual([]);
    expect((await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: [] } })).status).toBe(200);
  });

  it("never duplicates rows under concurrent plan assigns", async () => {
    const m = await freshMember();
    const ids = org.library.planIds.slice(0, 3);
    const responses = await Promise.all(Array.from({ length: 6 }, () => call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: ids } })));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(responses.flatMap((r) => r.body.data.added).sort()).toEqual([...ids].sort());
    const rows = await db()
      .select()
      .from(libraryPlans)
      .where(and(eq(libraryPlans.endUserId, m.id), inArray(libraryPlans.planId, ids)));
    expect(rows).toHaveLength(3);
    expect((await outboxRowsFor(db(), m.id)).filter((r) => r.channel === "push").flatMap((r) => r.payload.items as unknown[])).toHaveLength(3);
  });

  it("unassigns idempotently and ends the enrollment when the active plan is removed", async () => {
    const m = await freshMember();
    const [p1, p2] = org.library.planIds;
    await call(`${base()}/${m.id}/plans/assign`, { key: org.key, body: { planIds: [p1, p2] } });
    expect((await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: p1 } })).status).toBe(201);
    const res = await call(`${base()}/${m.id}/plans/unassign`, { key: org.key, body: { planIds: [p1, other.library.planIds[0]] } });
    expect(res.body.data).toEqual({ removed: [p1], activePlanEnded: true });
    expect((await call(`${base()}/${m.id}/plans/active`, { key: org.key })).body.data).toBeNull();
    expect((await call(`${base()}/${m.id}/plans/active/progress`, { key: org.key })).body).toEqual({ data: null });
    const again = await call(`${base()}/${m.id}/plans/unassign`, { key: org.key, body: { planIds: [p1] } });
    expect(again.body.data).toEqual({ removed: [], activePlanEnded: false });
    const list = await call(`${base()}/${m.id}/plans`, { key: org.key });
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([p2]);
  });
});
