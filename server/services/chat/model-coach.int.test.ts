import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { chatConversations } from "@/db/schema";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, expectError, useTestApp } from "@/test/harness";
import { mockCoachModel, mockFailingCoachModel, promptText } from "@/test/support/ai-mocks/coach-model";
import { completeWorkout, confirm, identity, listMessages, newConversation, say, sayStreaming } from "@/test/support/chat";

useTestApp();

let org: TestLibraryOrg;
const id = (key: string) => org.library.workoutIdByKey.get(key)!;

beforeAll(async () => {
  org = await createLibraryOrg();
  await completeWorkout(org, org.library.endUsers[0]!.id, id("core-crusher"));
});

afterEach(() => overrideLanguageModel(undefined));

describe("the coach with a model (MockLanguageModelV3): tool calls become proposals", () => {
  it("grounds the model in the member's data, offers the five actions as tools, and keeps only valid, eligible calls", async () => {
    const planId = org.library.planIds[0]!;
    const { model, calls } = mockCoachModel(() => ({
      text: ["Nice core session ", "yesterday! ", "Here are some ideas."],
      toolCalls: [
        { toolName: "assign_workout", input: { workoutIds: [id("glute-lab")], summary: "Add Glute Lab" } },
        { toolName: "start_plan", input: { planId } },
        { toolName: "adapt_workout", input: { workoutId: id("core-crusher"), guidance: "easier, lower intensity" } },
        { toolName: "generate_workout", input: { minutes: 20, level: "beginner", requirements: "gentle, low impact" } },
        // Dropped: an invented id, a plan that is not active, input outside the tool's schema, an unknown tool.
        { toolName: "assign_workout", input: { workoutIds: ["f".repeat(24)] } },
        { toolName: "end_plan", input: { planId } },
        { toolName: "generate_workout", input: { minutes: 500 } },
        { toolName: "generate_workout", input: { minutes: 30, categoryId: "c".repeat(24) } },
        { toolName: "delete_account", input: {} },
      ],
    }));
    overrideLanguageModel(model, "mock-coach");
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "What should I do today?");
    expect(reply.coach).toEqual({ engine: "model", model: "mock-coach", intent: "today" });
    expect(reply.content).toBe("Nice core session yesterday! Here are some ideas.");
    expect(reply.proposedActions.map((a: { type: string }) => a.type)).toEqual(["assign_workout", "start_plan", "adapt_workout", "generate_workout"]);
    const [assign, start, adapt, generate] = reply.proposedActions;
    expect(assign).toMatchObject({ summary: "Add Glute Lab", params: { workoutIds: [id("glute-lab")], sendAssignmentEmail: false, sendAssignmentPush: false } });
    expect(start).toMatchObject({ params: { planId }, summary: expect.stringContaining("Start the plan “") });
    expect(adapt).toMatchObject({
      params: { workoutId: id("core-crusher"), endUserProfileId: org.library.endUsers[0]!.id, userGuidance: "easier, lower intensity", locale: "en-US" },
      summary: "Adapt “Core Crusher” to how you feel today",
    });
    expect(generate.params).toMatchObject({
      durationOptions: { minMinutes: 15, maxMinutes: 20 },
      endUserProfileDetails: { fitnessLevels: ["beginner"] },
      userRequirements: "gentle, low impact",
      locale: "en-US",
    });

    const streamCalls = calls.length;
    expect(streamCalls).toBe(1);
    const seen = calls[0]!;
    expect((seen.tools ?? []).map((t) => t.name).sort()).toEqual(["adapt_workout", "assign_workout", "end_plan", "generate_workout", "start_plan"]);
    const { system, messages } = promptText(seen);
    expect(system).toContain("Core Crusher"); // the session it completed
    expect(system).toContain("No active plan.");
    expect(system).toContain(`${id("glute-lab")} |`); // ids it may use
    expect(system).toContain(`${planId} |`);
    expect(system).toContain("Answer in the member's language (en-US)");
    expect(messages.at(-1)).toEqual({ role: "user", text: "What should I do today?" });

    // A model's proposal confirms like any other.
    const res = await confirm(org, c.id, assign.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.message.actionResult.data.added).toEqual([id("glute-lab")]);
  });

  it("sends the conversation so far", async () => {
    const { model, calls } = mockCoachModel(() => ({ text: ["Sure."] }));
    overrideLanguageModel(model, "mock-coach");
    const c = await newConversation(org);
    await say(org, c.id, "Hello there");
    const second = await say(org, c.id, "And tomorrow?");
    expect(second.reply.proposedActions).toEqual([]);
    expect(promptText(calls.at(-1)!).messages).toEqual([
      { role: "user", text: "Hello there" },
      { role: "assistant", text: "Sure." },
      { role: "user", text: "And tomorrow?" },
    ]);
  });

  it("falls back to the deterministic coach when the model fails or proposes nothing usable", async () => {
    overrideLanguageModel(mockFailingCoachModel("upstream 503"), "mock-failing");
    const c = await newConversation(org);
    const failed = await say(org, c.id, "I'm tired");
    expect(failed.reply.coach).toEqual({ engine: "deterministic", model: null, intent: "tired", fallbackReason: expect.stringContaining("upstream 503") });
    expect(failed.reply.content).toContain("On a tired day");
    expect(failed.reply.proposedActions.length).toBeGreaterThan(0);

    const { model } = mockCoachModel(() => ({ toolCalls: [{ toolName: "assign_workout", input: { workoutIds: ["e".repeat(24)] } }] }));
    overrideLanguageModel(model, "mock-coach");
    const empty = await say(org, c.id, "how am I doing?");
    expect(empty.reply.coach).toMatchObject({ engine: "deterministic", intent: "progress", fallbackReason: "the model proposed nothing usable" });
  });

  it("a tool-only answer gets the confirm hint as its text", async () => {
    const { model } = mockCoachModel(() => ({ toolCalls: [{ toolName: "generate_workout", input: { minutes: 15 } }] }));
    overrideLanguageModel(model, "mock-coach");
    const c = await newConversation(org);
    const { reply } = await say(org, c.id, "quick one");
    expect(reply.coach.engine).toBe("model");
    expect(reply.content).toBe("Confirm an option below to go ahead.");
    expect(reply.proposedActions[0]).toMatchObject({ type: "generate_workout", summary: "Build a 15-minute workout for today" });
  });
});

describe("streaming (Accept: text/event-stream)", () => {
  it("streams the deterministic reply as delta events, then the stored turn as reply", async () => {
    const c = await newConversation(org);
    const { res, events } = await sayStreaming(org, c.id, "What should I do today?");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(Number(res.headers.get("x-ratelimit-limit")) - Number(res.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(10);
    const names = events.map((e) => e.event);
    expect(names.at(-1)).toBe("reply");
    expect(names.slice(0, -1).every((n) => n === "delta")).toBe(true);
    expect(names.length).toBeGreaterThan(2);
    const turn = events.at(-1)!.data;
    expect(events.slice(0, -1).map((e) => e.data.text).join("")).toBe(turn.reply.content);
    expect(turn.message).toMatchObject({ role: "user", content: "What should I do today?", position: 1 });
    expect(turn.reply.proposedActions.length).toBeGreaterThan(0);
    // The stream's reply is what was stored.
    expect((await listMessages(org, c.id)).data).toEqual([turn.message, turn.reply]);
  });

  it("streams a model's text as it comes", async () => {
    const { model } = mockCoachModel(() => ({ text: ["Let's ", "go ", "easy today."], toolCalls: [{ toolName: "generate_workout", input: { minutes: 20 } }] }));
    overrideLanguageModel(model, "mock-coach");
    const c = await newConversation(org);
    const { events } = await sayStreaming(org, c.id, "I'm tired");
    expect(events.map((e) => e.event)).toEqual(["delta", "delta", "delta", "reply"]);
    expect(events.slice(0, 3).map((e) => e.data.text)).toEqual(["Let's ", "go ", "easy today."]);
    expect(events[3]!.data.reply).toMatchObject({ content: "Let's go easy today.", coach: { engine: "model" } });
  });

  it("refuses before streaming with ordinary JSON errors", async () => {
    const c = await newConversation(org);
    const missing = await sayStreaming(org, "0".repeat(24), "hi");
    expect(missing.res.status).toBe(404);
    expect(JSON.parse(missing.text).error.code).toBe("NotFound");
    const res = await fetch(`${app.baseUrl}/v1/chat/conversations/${c.id}/messages`, {
      method: "POST",
      headers: { "x-api-key": org.key, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ ...identity(org), content: "" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("ValidationError");
    // Without the header (or asking for JSON) the same request is plain JSON.
    const json = await call(`/v1/chat/conversations/${c.id}/messages`, { key: org.key, body: { ...identity(org), content: "thanks" }, headers: { accept: "application/json" } });
    expect(json.status).toBe(201);
  });

  it("ends with an error event, and stores nothing, when the turn fails after the stream started", async () => {
    const c = await newConversation(org);
    const { model } = mockCoachModel(async () => {
      // The conversation is deleted while the coach is answering.
      await getDb().update(chatConversations).set({ deletedAt: new Date() }).where(eq(chatConversations.id, c.id));
      return { text: ["Working on it..."] };
    });
    overrideLanguageModel(model, "mock-coach");
    const { res, events } = await sayStreaming(org, c.id, "hi");
    expect(res.status).toBe(200);
    expect(events.map((e) => e.event)).toEqual(["delta", "error"]);
    expect(events[1]!.data).toEqual({ error: { code: "NotFound", message: "Conversation not found." } });
    const [row] = await getDb().select().from(chatConversations).where(eq(chatConversations.id, c.id));
    expect(row!.messageCount).toBe(0);
    expectError(await call(`/v1/chat/conversations/${c.id}/messages?${new URLSearchParams(identity(org))}`, { key: org.key }), 404, "NotFound");
  });
});
