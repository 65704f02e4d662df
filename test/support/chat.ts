import { expect } from "vitest";
import type { TestLibraryOrg } from "@/test/fixtures";
import { app, call } from "@/test/harness";

/**
 * Test support for the coach chat: member identities, conversations, messages, confirms, and a
 * Server-Sent Events reader.
 */
export type Member = { id: string; email: string; externalId: string };

export const identity = (org: TestLibraryOrg, member: Member = org.library.endUsers[0]!) => ({ organizationId: org.organizationId, userEmail: member.email });

export const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

export async function newConversation(org: TestLibraryOrg, member?: Member, extra: Record<string, unknown> = {}) {
  const res = await call("/v1/chat/conversations", { key: org.key, body: { ...identity(org, member), ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; locale: string; title: string | null; messageCount: number };
}

export async function say(org: TestLibraryOrg, conversationId: string, content: string, member?: Member) {
  const res = await call(`/v1/chat/conversations/${conversationId}/messages`, { key: org.key, body: { ...identity(org, member), content } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { message: any; reply: any };
}

export function confirm(org: TestLibraryOrg, conversationId: string, actionId: string, member?: Member) {
  return call(`/v1/chat/conversations/${conversationId}/actions/confirm`, { key: org.key, body: { ...identity(org, member), actionId } });
}

export async function listMessages(org: TestLibraryOrg, conversationId: string, params: Record<string, string | number> = {}, member?: Member) {
  const res = await call(`/v1/chat/conversations/${conversationId}/messages?${query({ ...identity(org, member), ...params })}`, { key: org.key });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; links: { next?: string; total: number } };
}

/** Starts and completes a session of a workout for a member through the API. */
export async function completeWorkout(org: TestLibraryOrg, endUserId: string, workoutId: string): Promise<string> {
  const start = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: org.key, body: { endUserId } });
  expect(start.status, start.text).toBe(201);
  const done = await call(`/v1/workouts/${workoutId}/sessions/complete`, { key: org.key, body: { sessionId: start.body.data.id, endUserId } });
  expect(done.status, done.text).toBe(200);
  return start.body.data.id;
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Splits a Server-Sent Events body into its events (comment lines are skipped). */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split("\n\n")) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":") || !line) continue;
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return events;
}

/** POSTs a message asking for a stream; returns the raw response and its parsed events. */
export async function sayStreaming(org: TestLibraryOrg, conversationId: string, content: string, member?: Member) {
  const res = await fetch(`${app.baseUrl}/v1/chat/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: { "x-api-key": org.key, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ ...identity(org, member), content }),
  });
  const text = await res.text();
  return { res, text, events: res.headers.get("content-type")?.includes("text/event-stream") ? parseSse(text) : [] };
}
