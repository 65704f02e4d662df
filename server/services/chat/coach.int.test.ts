import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { chatActions, chatConversations, chatMessages, libraryWorkouts, planWorkouts, plans, workouts } from "@/db/schema";
import { muscleFocusShares } from "@/db/queries/chat";
import { muscleGroupId } from "@/db/seed/reference";
import { pickText } from "@/server/core/locale";
import { CHAT_ACTION_OPERATIONS, confirmChatAction as confirmOp } from "@/server/api/operations/chat";
import { addDays, localDate } from "@/server/services/members/plan-progress";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { completeWorkout, confirm, identity, listMessages, newConversation, say } from "@/test/support/chat";
import { outboxRowsFor } from "@/test/support/members";

useTestApp();

const db = () => getDb();
let org: TestLibraryOrg;

beforeAll(async () => {
  org = await createLibraryOrg();
});

const workoutName = async (id: string) => pickText((await db().select({ name: workouts.name }).from(workouts).where(eq(workouts.id, id)))[0]!.name);
const planName = async (id: string) => pickText((await db().select({ name: plans.name }).from(plans).where(eq(plans.id, id)))[0]!.name);
const action = (reply: { proposedActions: any[] }, type: string) => reply.proposedActions.find((a) => a.type === type);
const members = () => `/v1/orgs/${org.organizationId}/endusers`;

/** A member of its own (a fresh organization), so history and plans do not leak between tests. */
async function freshOrg() {
  const o = await createLibraryOrg();
  return { o, alex: o.library.endUsers[0]! };
}

describe("the deterministic coach answers from the member's own data", () => {
  it("how am I doing: completed sessions, the last workout, the active plan and the insights digest", async () => {
    const { o, alex } = await freshOrg();
    const [w1, w2] = [o.library.workoutIdByKey.get("core-crusher")!, o.library.workoutIdByKey.get("glute-lab")!];
    await completeWorkout(o, alex.id, w1);
    await completeWorkout(o, alex.id, w2);
    const planId = o.library.planIds[0]!;
    expect((await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/plans/start`, { key: o.key, body: { planId } })).status).toBe(201);
    const digest = await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/insights/digest`, { key: o.key });
    expect(digest.status).toBe(200);

    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "How am I doing?");
    expect(reply.coach).toEqual({ engine: "deterministic", model: null, intent: "progress" });
    expect(reply.content).toContain(`Your last workout was “${await workoutName(w2)}” today.`);
    expect(reply.content).toContain("You've completed 2 workouts in the last 7 days");
    expect(reply.content).toContain(`Plan “${await planName(planId)}”: week 1 of`);
    expect(reply.content).toContain(digest.body.data.todaysFocus.headline);
    // A member with an active plan is not pushed to start another.
    expect(action(reply, "start_plan")).toBeUndefined();
  });

  it("what should I do today: the plan's workout for today, adapted to how they feel", async () => {
    const { o, alex } = await freshOrg();
    const planId = o.library.planIds[1]!;
    const [first] = await db().select().from(planWorkouts).where(eq(planWorkouts.planId, planId)).orderBy(asc(planWorkouts.week), asc(planWorkouts.day)).limit(1);
    // Start so that the plan's first scheduled day is the member's today.
    const today = localDate(new Date(), "America/New_York");
    const startDate = addDays(today, -((first!.week - 1) * 7 + first!.day - 1));
    expect((await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/plans/start`, { key: o.key, body: { planId, startDate } })).status).toBe(201);
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "What should I do today?");
    expect(reply.coach.intent).toBe("today");
    const name = await workoutName(first!.workoutId);
    expect(reply.content).toContain(`Today your plan has “${name}”`);
    const adapt = action(reply, "adapt_workout");
    expect(adapt).toMatchObject({ params: { workoutId: first!.workoutId, endUserProfileId: alex.id, locale: "en-US" }, summary: `Adapt “${name}” to how you feel today` });
  });

  it("what should I do today without a plan: a ranked organization workout to add, or a fresh one", async () => {
    const { o } = await freshOrg();
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "what should i do today");
    const assign = action(reply, "assign_workout");
    expect(assign.params).toEqual({ workoutIds: [expect.any(String)], sendAssignmentEmail: false, sendAssignmentPush: false });
    const name = await workoutName(assign.params.workoutIds[0]);
    expect(reply.content).toContain(`I'd suggest “${name}”`);
    expect(assign.summary).toBe(`Add “${name}” to your library`);
    const recommended = await call(`/v1/orgs/${o.organizationId}/workouts/recommend`, {
      key: o.key,
      body: { endUserProfileDetails: { endUserId: o.library.endUsers[0]!.id } },
    });
    expect(recommended.body.workouts.map((w: { id: string }) => w.id)).toContain(assign.params.workoutIds[0]);
    expect(action(reply, "generate_workout").params).toMatchObject({ exerciseSources: ["team_exercises", "free_stock", "premium_stock"], locale: "en-US" });
  });

  it("I'm tired: a gentle, short, beginner-level session, and the recent load", async () => {
    const { o, alex } = await freshOrg();
    for (const key of ["core-crusher", "glute-lab"]) await completeWorkout(o, alex.id, o.library.workoutIdByKey.get(key)!);
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "I'm so tired today and my legs are sore");
    expect(reply.coach.intent).toBe("tired");
    expect(reply.content).toContain("On a tired day, moving gently still counts.");
    expect(reply.content).toContain("You've trained 2 times in the last 3 days");
    const gen = action(reply, "generate_workout");
    expect(gen.summary).toBe("Build a gentle 20-minute recovery session");
    expect(gen.params.durationOptions).toEqual({ minMinutes: 15, maxMinutes: 20 });
    expect(gen.params.endUserProfileDetails).toEqual({ fitnessLevels: ["beginner"] });
    expect(gen.params.userRequirements).toContain("gentle");
    expect(gen.params.muscleGroupIds?.length ?? 0).toBeGreaterThan(0); // the sore legs
  });

  it("something shorter: the duration asked for, and a library workout that fits", async () => {
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "I only have 15 min, something shorter please");
    expect(reply.coach.intent).toBe("shorter");
    expect(reply.content).toContain("about 15 minutes");
    expect(action(reply, "generate_workout").params.durationOptions).toEqual({ minMinutes: 10, maxMinutes: 15 });
    const assign = action(reply, "assign_workout");
    const [w] = await db().select({ duration: workouts.duration }).from(workouts).where(eq(workouts.id, assign.params.workoutIds[0]));
    expect(w!.duration).toBeLessThanOrEqual(17 * 60 + 59);
    expect(reply.content).toContain(`“${await workoutName(assign.params.workoutIds[0])}” (${Math.round(w!.duration / 60)} min) fits.`);
  });

  it("a muscle focus: an organization workout that really trains it, and a generated one aimed at it", async () => {
    const { o } = await freshOrg();
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "I want to work on my glutes");
    expect(reply.coach.intent).toBe("focus");
    expect(reply.content).toContain("Glutes it is.");
    const assign = action(reply, "assign_workout");
    const shares = await muscleFocusShares(db(), assign.params.workoutIds, [muscleGroupId("glutes")]);
    expect(shares.get(assign.params.workoutIds[0])).toBeGreaterThanOrEqual(1 / 3);
    expect(action(reply, "generate_workout")).toMatchObject({
      params: { muscleGroupIds: [muscleGroupId("glutes")] },
      summary: expect.stringMatching(/^Build a \d+-minute glutes workout for today$/),
    });
  });

  it("pain: a safety note and only gentle, low-impact mobility", async () => {
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "my knee hurts a lot");
    expect(reply.coach.intent).toBe("pain");
    expect(reply.content).toContain("health professional");
    expect(reply.proposedActions.map((a: { type: string }) => a.type)).toEqual(["generate_workout"]);
    expect(reply.proposedActions[0].params.userRequirements).toContain("low impact");
  });

  it("answers in the conversation's language (German, Portuguese, French)", async () => {
    const [, lena, sofia] = org.library.endUsers;
    const de = await newConversation(org, lena);
    const r1 = await say(org, de.id, "Ich bin heute total müde", lena);
    expect(r1.reply.content).toContain("An einem müden Tag zählt auch sanfte Bewegung.");
    expect(action(r1.reply, "generate_workout").summary).toBe("Eine sanfte 20-minütige Regenerationseinheit erstellen");
    expect(action(r1.reply, "generate_workout").params.locale).toBe("de-DE");
    const pt = await newConversation(org, sofia);
    const r2 = await say(org, pt.id, "Como estou? Quero ver o meu progresso", sofia);
    expect(r2.reply.coach.intent).toBe("progress");
    expect(r2.reply.content).toContain("Ainda não vejo treinos concluídos");
    expect(r2.reply.content).toContain("Não tens um plano ativo.");
    const fr = await newConversation(org, lena, { locale: "fr-FR" });
    const r3 = await say(org, fr.id, "Qu'est-ce que je fais aujourd'hui ?", lena);
    expect(r3.reply.coach.intent).toBe("today");
    expect(r3.reply.content).toMatch(/Je te propose|Aujourd'hui|Confirme une option/);
  });

  it("yes: points at the pending proposals and proposes nothing new", async () => {
    const c = await newConversation(org);
    const first = await say(org, c.id, "start a plan");
    const pending = first.reply.proposedActions.map((a: { summary: string }) => a.summary);
    expect(pending.length).toBeGreaterThan(0);
    const { reply } = await say(org, c.id, "yes");
    expect(reply.coach.intent).toBe("affirm");
    expect(reply.proposedActions).toEqual([]);
    for (const s of pending) expect(reply.content).toContain(s);
    expect(reply.content).toContain("I never act without your confirmation.");
  });

  it("understands what it cannot and still offers today's options", async () => {
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "zzz qwerty blorp");
    expect(reply.coach.intent).toBe("unknown");
    expect(reply.content).toContain("I'm not sure I got that.");
    expect(reply.proposedActions.length).toBeGreaterThan(0);
  });
});

describe("confirming executes through the public operations' services and records the outcome", () => {
  it("assign_workout: adds to the library (no notification unless asked), records AssignResult", async () => {
    const { o, alex } = await freshOrg();
    const id = o.library.workoutIdByKey.get("glute-lab")!;
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "Please add Glute Lab to my library");
    expect(reply.coach.intent).toBe("assign");
    const a = action(reply, "assign_workout");
    expect(a).toMatchObject({ params: { workoutIds: [id], sendAssignmentEmail: false, sendAssignmentPush: false }, summary: "Add “Glute Lab” to your library" });
    expect((await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/workouts`, { key: o.key })).body.data).toEqual([]);

    const res = await confirm(o, c.id, a.id);
    expect(res.status, res.text).toBe(200);
    const { action: done, message } = res.body.data;
    expect(done).toMatchObject({ id: a.id, status: "confirmed", confirmedAt: expect.any(String), resultMessageId: message.id });
    expect(message).toMatchObject({
      role: "assistant",
      position: 3,
      content: "Added “Glute Lab” to your library.",
      proposedActions: [],
      coach: null,
      actionResult: { actionId: a.id, type: "assign_workout", data: { added: [id], alreadyAssigned: [], notifications: { email: false, push: false } } },
    });
    const lib = await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/workouts`, { key: o.key });
    expect(lib.body.data.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(await outboxRowsFor(db(), alex.id)).toEqual([]);
    // The history shows the action confirmed on its message and the outcome message after it.
    const { data } = await listMessages(o, c.id);
    expect(data[1].proposedActions.find((x: { id: string }) => x.id === a.id)).toMatchObject({ status: "confirmed", resultMessageId: message.id });
    expect(data[2]).toEqual(message);
  });

  it("start_plan and end_plan: enroll, then end, exactly as the library operations do", async () => {
    const { o, alex } = await freshOrg();
    const c = await newConversation(o);
    const planId = o.library.planIds[2]!;
    const name = await planName(planId);
    const { reply } = await say(o, c.id, `I want to start the plan ${name}`);
    const start = action(reply, "start_plan");
    expect(start).toMatchObject({ params: { planId }, summary: `Start the plan “${name}” today` });
    const started = await confirm(o, c.id, start.id);
    expect(started.status, started.text).toBe(200);
    expect(started.body.data.message.actionResult).toMatchObject({ type: "start_plan", data: { planId, endUserId: alex.id, isActive: true, plan: { id: planId, name } } });
    expect(started.body.data.message.content).toContain(`You're on “${name}” from`);
    const active = await call(`${members().replace(org.organizationId, o.organizationId)}/${alex.id}/plans/active`, { key: o.key });
    expect(active.body.data).toMatchObject({ planId, isActive: true });

    const end = await say(o, c.id, "stop my plan");
    expect(end.reply.coach.intent).toBe("end_plan");
    const stop = action(end.reply, "end_plan");
    expect(stop).toMatchObject({ params: { planId }, summary: `End the plan “${name}”` });
    const ended = await confirm(o, c.id, stop.id);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data.message).toMatchObject({ content: `“${name}” has ended; it stays in your library.`, actionResult: { type: "end_plan", data: { planId, isActive: false } } });
    expect((await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/plans/active`, { key: o.key })).body.data).toBeNull();
    // Ending again: the coach knows there is nothing to end.
    const again = await say(o, c.id, "end my program");
    expect(again.reply.content).toContain("You don't have an active plan to end.");
    expect(again.reply.proposedActions).toEqual([]);
  });

  it("generate_workout: runs the generate service and records the generated workout", async () => {
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "I'm tired");
    const gen = action(reply, "generate_workout");
    const res = await confirm(org, c.id, gen.id);
    expect(res.status, res.text).toBe(200);
    const w = res.body.data.message.actionResult.data;
    expect(res.body.data.message.actionResult.type).toBe("generate_workout");
    expect(w.instances.length).toBeGreaterThan(2);
    expect(w.difficulty).toBe("beginner");
    expect(w.totalDurationSeconds).toBeLessThanOrEqual(20 * 60 + 60);
    expect(w.inspection.engine).toBe("deterministic");
    const exercises = new Set(w.instances.filter((i: any) => i.exercise).map((i: any) => i.exercise.id)).size;
    expect(res.body.data.message.content).toBe(`Your workout “${w.name}” is ready: ${Math.round(w.totalDurationSeconds / 60)} min, ${exercises} exercises.`);
  });

  it("adapt_workout: runs the adapt service for the member and records the adapted workout", async () => {
    const c = await newConversation(org);
    const id = org.library.workoutIdByKey.get("core-crusher")!;
    const { reply } = await say(org, c.id, "Can you adapt Core Crusher and make it easier?");
    expect(reply.coach.intent).toBe("adapt");
    const a = action(reply, "adapt_workout");
    expect(a).toMatchObject({ params: { workoutId: id, endUserProfileId: org.library.endUsers[0]!.id }, summary: "Make “Core Crusher” easier" });
    expect(a.params.userGuidance).toContain("easier");
    const res = await confirm(org, c.id, a.id);
    expect(res.status, res.text).toBe(200);
    const w = res.body.data.message.actionResult.data;
    expect(w.baseWorkoutId).toBe(id);
    expect(typeof w.adaptationReasoning).toBe("string");
    expect(res.body.data.message.content).toContain("is adapted for you");
  });

  it("confirm costs 10 units, at least what each underlying operation costs", async () => {
    expect(confirmOp.weight).toBe(10);
    for (const operation of Object.values(CHAT_ACTION_OPERATIONS)) expect(operation.weight).toBeLessThanOrEqual(confirmOp.weight);
  });
});

describe("a confirm runs at most once and a failed one changes nothing", () => {
  async function proposeGluteLab(o: TestLibraryOrg) {
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "add Glute Lab to my library");
    return { c, a: action(reply, "assign_workout") };
  }

  const counts = async (conversationId: string, endUserId: string) => ({
    messages: (await db().select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId)))[0]!.n,
    library: (await db().select({ n: sql<number>`count(*)::int` }).from(libraryWorkouts).where(eq(libraryWorkouts.endUserId, endUserId)))[0]!.n,
    conversation: (await db().select().from(chatConversations).where(eq(chatConversations.id, conversationId)))[0]!.messageCount,
  });

  it("a second confirm is 409 and does not execute again; concurrent confirms execute once", async () => {
    const { o, alex } = await freshOrg();
    const { c, a } = await proposeGluteLab(o);
    const results = await Promise.all([1, 2, 3, 4].map(() => confirm(o, c.id, a.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe("Conflict");
    const again = await confirm(o, c.id, a.id);
    expectError(again, 409, "Conflict");
    expect(again.body.error.message).toContain("already confirmed");
    expect(await counts(c.id, alex.id)).toEqual({ messages: 3, library: 1, conversation: 3 });
  });

  it("a confirm the operation rejects (workout unpublished since) is its 400, writes nothing, and stays confirmable", async () => {
    const { o, alex } = await freshOrg();
    const { c, a } = await proposeGluteLab(o);
    const id = a.params.workoutIds[0];
    await db().update(workouts).set({ status: "draft" }).where(eq(workouts.id, id));
    const before = await counts(c.id, alex.id);
    const res = await confirm(o, c.id, a.id);
    const err = expectError(res, 400, "BadRequest");
    expect(err.target).toBe("workoutIds");
    expect(err.details).toEqual([{ code: "NotEligible", message: `${id} is not a published workout of this organization.`, target: "workoutIds.0" }]);
    // The same error as the public operation.
    const direct = await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/workouts/assign`, { key: o.key, body: { workoutIds: [id] } });
    expect(direct.body).toEqual(res.body);
    expect(await counts(c.id, alex.id)).toEqual(before);
    const [row] = await db().select().from(chatActions).where(eq(chatActions.id, a.id));
    expect(row).toMatchObject({ status: "pending", claimedAt: null, confirmedAt: null, result: null });
    expect((await listMessages(o, c.id)).data[1].proposedActions[0].status).toBe("pending");

    await db().update(workouts).set({ status: "published" }).where(eq(workouts.id, id));
    expect((await confirm(o, c.id, a.id)).status).toBe(200);
  });

  it("parameters are validated again on confirm with the operation's schema", async () => {
    const { o, alex } = await freshOrg();
    const { c, a } = await proposeGluteLab(o);
    await db()
      .update(chatActions)
      .set({ params: { workoutIds: ["not-a-hex-id"], sendAssignmentEmail: false } })
      .where(eq(chatActions.id, a.id));
    const before = await counts(c.id, alex.id);
    const err = expectError(await confirm(o, c.id, a.id), 400, "ValidationError");
    expect(err.target).toBe("AssignWorkoutsBody");
    expect(err.details![0]!.target).toBe("workoutIds.0");
    expect(await counts(c.id, alex.id)).toEqual(before);
    expect((await db().select().from(chatActions).where(eq(chatActions.id, a.id)))[0]!.status).toBe("pending");
  });

  it("a failed start (plan deleted since) is the start operation's 404 and changes nothing", async () => {
    const { o, alex } = await freshOrg();
    const c = await newConversation(o);
    const { reply } = await say(o, c.id, "start a plan");
    const start = action(reply, "start_plan");
    await db().update(plans).set({ deletedAt: new Date() }).where(eq(plans.id, start.params.planId));
    expectError(await confirm(o, c.id, start.id), 404, "NotFound");
    expect((await call(`/v1/orgs/${o.organizationId}/endusers/${alex.id}/plans/active`, { key: o.key })).body.data).toBeNull();
    expect((await listMessages(o, c.id)).links.total).toBe(2);
  });

  it("an expired proposal is 410 Gone and reads as expired; a lost claim reads as failed and is 409", async () => {
    const { o } = await freshOrg();
    const { c, a } = await proposeGluteLab(o);
    await db().update(chatActions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(chatActions.id, a.id));
    expectError(await confirm(o, c.id, a.id), 410, "Gone");
    expect((await listMessages(o, c.id)).data[1].proposedActions[0].status).toBe("expired");

    const second = await say(o, c.id, "add Glute Lab to my library");
    const b = action(second.reply, "assign_workout");
    await db()
      .update(chatActions)
      .set({ status: "executing", claimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(chatActions.id, b.id));
    expect((await listMessages(o, c.id)).data[3].proposedActions[0].status).toBe("failed");
    expectError(await confirm(o, c.id, b.id), 409, "Conflict");
  });

  it("an action of another conversation, member or organization is 404", async () => {
    const { o } = await freshOrg();
    const { c, a } = await proposeGluteLab(o);
    const otherConversation = await newConversation(o);
    expectError(await confirm(o, otherConversation.id, a.id), 404, "NotFound");
    const lena = o.library.endUsers[1]!;
    expectError(await confirm(o, c.id, a.id, lena), 404, "NotFound");
    expectError(await confirm(o, c.id, "b".repeat(24)), 404, "NotFound");
    expectError(await call(`/v1/chat/conversations/${c.id}/actions/confirm`, { key: org.key, body: { ...identity(o), actionId: a.id } }), 403, "Forbidden");
    expectError(await call(`/v1/chat/conversations/${c.id}/actions/confirm`, { key: o.key, body: { ...identity(o), actionId: "xyz" } }), 400, "ValidationError");
    // Deleting the conversation retires its proposals.
    await call(`/v1/chat/conversations/${c.id}?${new URLSearchParams(identity(o))}`, { key: o.key, method: "DELETE" });
    expectError(await confirm(o, c.id, a.id), 404, "NotFound");
    const [row] = await db()
      .select()
      .from(chatActions)
      .where(and(eq(chatActions.id, a.id)));
    expect(row!.status).toBe("pending");
  });
});
