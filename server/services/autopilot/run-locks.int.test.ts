/**
 * A run holds no lock while the model works (docs/autopilot.md "Runs and locks"): claim, produce
 * with no transaction, commit. A mock model that takes 20 s (released early by the test once it
 * has acted) stands for a real model.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { workouts } from "@/db/schema";
import { categoryId } from "@/db/seed/reference";
import { setModelTimeBudgetForTests } from "@/server/ai/model-call";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { candidateIdsIn, mockGatedModel } from "@/test/support/ai-mocks/mock-model";
import { autopilotBase, createTask, eventsOf, fakeExecutions, makeDue, setEntitlements, taskRow } from "@/test/support/autopilot";

useTestApp();

const MODEL_SECONDS = 20;

const AI_WORKOUT = {
  name: "Daily strength",
  scope: "ai_generate",
  contentType: "workout",
  categoryIds: [categoryId("strength")],
  difficultyOptions: ["beginner"],
  durationMin: 15,
  durationMax: 25,
  repeatMode: "daily",
};

const workoutAnswer = (prompt: string) => ({
  constraints: { impact: null, intensity: null, focusMuscleGroupIds: null, avoidExerciseIds: null, rest: null, workStyle: null },
  exerciseIds: candidateIdsIn(prompt).slice(0, 4),
  name: "Slow Model Circuit",
  description: "Four balanced moves, chosen slowly by the model.",
  localizedName: "Langsamer Zirkel",
  localizedDescription: "Vier Übungen.",
  reasoning: "Balanced.",
});

/** A 20 s model, installed for the test; the test releases it once it has acted. */
function slowModel() {
  const gated = mockGatedModel(workoutAnswer, MODEL_SECONDS * 1000);
  overrideLanguageModel(gated.model, "mock-gated");
  return gated;
}

async function aiWorkoutsOf(organizationId: string) {
  return getDb()
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(eq(workouts.organizationId, organizationId), eq(workouts.source, "ai-generated")));
}

/**
 * An instant long before any real schedule and before the other test files' scheduler instants
 * (2000, 2001), so a scheduler run with this `now` serves only this file's due tasks; each test
 * deletes its scheduled tasks when done, so they are not due for the next.
 */
const ancient = (day: number) => new Date(Date.UTC(1995, 5, day, 9, 30));

const deleteTask = async (o: { organizationId: string; key: string }, taskId: string) =>
  expect((await call(`${autopilotBase(o)}/${taskId}`, { key: o.key, method: "DELETE" })).status).toBe(204);

let org: TestLibraryOrg;
const base = () => autopilotBase(org);

beforeAll(async () => {
  org = await createLibraryOrg({ name: "Slow Model Studio" });
  setModelTimeBudgetForTests(2 * MODEL_SECONDS * 1000);
});
afterEach(() => {
  overrideLanguageModel(undefined);
});

describe("a run holds no lock while the model works", () => {
  it("PATCH during a run-now answers at once; a second run-now is 409; the run then commits", { timeout: 60_000 }, async () => {
    const task = await createTask(org, AI_WORKOUT);
    const model = slowModel();
    const started = Date.now();
    const run = call(`${base()}/${task.id}/run-now`, { key: org.key, method: "POST" });
    try {
      await model.entered;

      const t0 = Date.now();
      const patched = await call(`${base()}/${task.id}`, { key: org.key, method: "PATCH", body: { name: "Renamed mid-run" } });
      const patchMs = Date.now() - t0;
      expect(patched.status, patched.text).toBe(200);
      expect(patchMs, "the PATCH waited for the model").toBeLessThan(1000);
      expect(patched.body.data.name).toBe("Renamed mid-run");

      const second = await call(`${base()}/${task.id}/run-now`, { key: org.key, method: "POST" });
      expectError(second, 409, "Conflict");
      expect(Date.now() - t0, "the second run-now waited for the model").toBeLessThan(2000);
    } finally {
      model.release();
    }
    const res = await run;
    expect(res.status, res.text).toBe(200);
    expect(Date.now() - started).toBeLessThan(MODEL_SECONDS * 1000);
    expect(res.body.data).toMatchObject({ eventType: "success", resultContentType: "workout", trigger: "run_now" });
    const detail = await call(`/v1/workouts/${res.body.data.resultContentId}`, { key: org.key });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.name).toBe("Slow Model Circuit");
    // The edit made during the run stays; the run counted once and let go of the task.
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ name: "Renamed mid-run", executions: 1, runClaimToken: null, runClaimedUntil: null });
    expect(await eventsOf(task.id)).toHaveLength(1);
  });

  it("a deactivate during a scheduled run answers at once, and nothing is published or recorded", { timeout: 60_000 }, async () => {
    const { runNextDueTask } = await import("./run-task");
    const task = await createTask(org, AI_WORKOUT);
    await makeDue(task.id, ancient(1));
    const before = await aiWorkoutsOf(org.organizationId);
    const model = slowModel();
    const run = runNextDueTask(getDb(), new Date(ancient(1).getTime() + 60_000));
    try {
      await model.entered;
      const t0 = Date.now();
      const off = await call(`${base()}/${task.id}/deactivate`, { key: org.key, method: "POST" });
      expect(off.status, off.text).toBe(200);
      expect(Date.now() - t0, "the deactivate waited for the model").toBeLessThan(1000);
      expect(off.body.data).toMatchObject({ status: "draft", nextRunAt: null });
    } finally {
      model.release();
    }
    const result = await run;
    expect(result).toEqual({ taskId: task.id, eventId: null, eventType: "discarded" });
    expect(await aiWorkoutsOf(org.organizationId)).toEqual(before);
    expect(await eventsOf(task.id)).toEqual([]);
    expect(await taskRow(task.id)).toMatchObject({ status: "draft", nextRunAt: null, executions: 0, runClaimToken: null, runClaimedUntil: null });
  });

  it("a delete during a run-now answers at once; the run answers 404 and publishes nothing", { timeout: 60_000 }, async () => {
    const task = await createTask(org, AI_WORKOUT);
    const before = await aiWorkoutsOf(org.organizationId);
    const model = slowModel();
    const run = call(`${base()}/${task.id}/run-now`, { key: org.key, method: "POST" });
    try {
      await model.entered;
      const t0 = Date.now();
      const del = await call(`${base()}/${task.id}`, { key: org.key, method: "DELETE" });
      expect(del.status, del.text).toBe(204);
      expect(Date.now() - t0, "the delete waited for the model").toBeLessThan(1000);
    } finally {
      model.release();
    }
    expectError(await run, 404, "NotFound");
    expect(await aiWorkoutsOf(org.organizationId)).toEqual(before);
    expect(await eventsOf(task.id)).toEqual([]);
  });

  it("a run that dies during the model call leaves the task claimed until its lease passes, then runnable again", async () => {
    const { claimNextDueTask, runNextDueTask, runTaskNow, RUN_LEASE_MS } = await import("./run-task");
    const o = await createLibraryOrg({ name: "Crash Studio" });
    await setEntitlements(o.organizationId, {});
    const task = await createTask(o, AI_WORKOUT);
    const dueAt = ancient(3);
    await makeDue(task.id, dueAt);
    overrideLanguageModel(null);

    // The run claims the task, then its process dies in the model call: the claim is all that remains.
    const edited = (await taskRow(task.id)).updatedAt;
    const claimedAt = new Date(dueAt.getTime() + 60_000);
    const claimed = await claimNextDueTask(getDb(), claimedAt);
    expect(claimed && "claim" in claimed ? claimed.claim.task.id : claimed).toBe(task.id);
    const held = await taskRow(task.id);
    expect(held.runClaimedUntil).toEqual(new Date(claimedAt.getTime() + RUN_LEASE_MS));
    // A claim is not an edit: updatedAt (the lists' sort key) stays.
    expect(held.updatedAt).toEqual(edited);

    // Within the lease the scheduler leaves it alone (it is not due twice at once) and run-now is 409 ...
    const withinLease = new Date(claimedAt.getTime() + RUN_LEASE_MS - 1000);
    expect(await runNextDueTask(getDb(), withinLease)).toBeNull();
    await expect(runTaskNow(getDb(), o.organizationId, task.id, withinLease)).rejects.toMatchObject({ code: "Conflict" });
    expect(await eventsOf(task.id)).toEqual([]);
    // ... and once the lease has passed, the due time is served.
    const after = new Date(claimedAt.getTime() + RUN_LEASE_MS + 1000);
    const served = await runNextDueTask(getDb(), after);
    expect(served).toMatchObject({ taskId: task.id, eventType: "success" });
    const events = await eventsOf(task.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: "success", trigger: "schedule", scheduledFor: dueAt });
    expect(await taskRow(task.id)).toMatchObject({ status: "active", executions: 1, runClaimToken: null, runClaimedUntil: null });
    expect((await taskRow(task.id)).nextRunAt!.getTime()).toBeGreaterThan(after.getTime());
    expect(await runNextDueTask(getDb(), after)).toBeNull();
    await deleteTask(o, task.id);
  });

  it("a run in progress counts against the owner's daily cap until it records its event or its lease passes", async () => {
    const { claimNextDueTask, runTaskNow, RUN_LEASE_MS } = await import("./run-task");
    const o = await createLibraryOrg({ name: "Capped Studio" });
    const [a, b] = [await createTask(o, AI_WORKOUT), await createTask(o, AI_WORKOUT)];
    expect(a.ownerId).toBe(b.ownerId);
    overrideLanguageModel(null);
    const dueAt = ancient(5);
    await makeDue(a.id, dueAt);
    await fakeExecutions({ id: a.id, organizationId: o.organizationId, ownerId: a.ownerId }, 19, dueAt);
    // Task a's scheduled run is claimed (the 20th execution of the day, in the model) ...
    const claimedAt = new Date(dueAt.getTime() + 60_000);
    const claimed = await claimNextDueTask(getDb(), claimedAt);
    expect(claimed && "claim" in claimed ? claimed.claim.task.id : claimed).toBe(a.id);
    // ... so a run-now of the same owner's task b is refused as the 21st.
    await expect(runTaskNow(getDb(), o.organizationId, b.id, new Date(claimedAt.getTime() + 60_000))).rejects.toMatchObject({ code: "Forbidden" });
    expect(await eventsOf(b.id)).toEqual([]);
    // A claim whose lease has passed (a crashed run) no longer holds the slot.
    const event = await runTaskNow(getDb(), o.organizationId, b.id, new Date(claimedAt.getTime() + RUN_LEASE_MS + 1000));
    expect(event).toMatchObject({ eventType: "success", taskId: b.id });
    await deleteTask(o, a.id);
  });
});
