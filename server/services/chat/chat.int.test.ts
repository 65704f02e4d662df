import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { chatConversations, endUsers } from "@/db/schema";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, clearAuthCaches, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addMembers } from "@/test/support/members";
import { identity, listMessages, newConversation, query, say } from "@/test/support/chat";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const BASE = "/v1/chat/conversations";

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});

describe("authentication and identity on every chat operation", () => {
  it("runs the shared 401/403 matrix (another organization's team key is 403)", async () => {
    const c = await newConversation(org);
    const q = query(identity(org));
    await expectAuthMatrix(org, `${BASE}?${q}`);
    await expectAuthMatrix(org, BASE, { body: identity(org) });
    await expectAuthMatrix(org, `${BASE}/${c.id}?${q}`, { method: "DELETE" });
    await expectAuthMatrix(org, `${BASE}/${c.id}/messages?${q}`);
    await expectAuthMatrix(org, `${BASE}/${c.id}/messages`, { body: { ...identity(org), content: "hi" } });
    await expectAuthMatrix(org, `${BASE}/${c.id}/actions/confirm`, { body: { ...identity(org), actionId: "a".repeat(24) } });
    // A member Bearer token alone is not enough: chat is key-only.
    expectError(await call(`${BASE}?${q}`, { token: org.accessToken }), 401, "Unauthorized");
  });

  it("answers a bare GET, and a missing or doubled member identifier, with 400 ValidationError naming the field", async () => {
    const c = await newConversation(org);
    const bare = expectError(await call(BASE, { key: org.key }), 400, "ValidationError");
    expect(bare.target).toBe("ListConversationsQuery");
    expect(bare.details!.map((d) => d.target)).toEqual(expect.arrayContaining(["organizationId"]));
    expectError(await call(`${BASE}/${c.id}/messages`, { key: org.key }), 400, "ValidationError");
    // The identifier rule spans two fields (oneOf in body schemas, the parameters' descriptions for queries): the request type as target, the field in details.
    const rule = "Send exactly one of userEmail or userExternalUUID.";
    const none = expectError(await call(`${BASE}?${query({ organizationId: org.organizationId })}`, { key: org.key }), 400, "ValidationError");
    expect(none).toMatchObject({ target: "ListConversationsQuery", details: [{ code: "ConstraintError", message: rule, target: "userEmail" }] });
    const alex = org.library.endUsers[0]!;
    const both = expectError(
      await call(`${BASE}?${query({ organizationId: org.organizationId, userEmail: alex.email, userExternalUUID: alex.externalId })}`, { key: org.key }),
      400,
      "ValidationError",
    );
    expect(both).toMatchObject({ target: "ListConversationsQuery", details: [{ code: "ConstraintError", message: rule, target: "userExternalUUID" }] });
    const noneInBody = expectError(await call(BASE, { key: org.key, body: { organizationId: org.organizationId } }), 400, "ValidationError");
    expect(noneInBody).toMatchObject({ target: "CreateConversationBody", details: [{ code: "ConstraintError", message: rule, target: "userEmail" }] });
    expectError(await call(BASE, { key: org.key, body: { ...identity(org), color: "red" } }), 400, "ValidationError");
    expectError(await call(`${BASE}?${query({ ...identity(org), offset: 0 })}`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${BASE}?${query({ ...identity(org), userEmail: "not-an-email" })}`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${BASE}/${c.id}/messages`, { key: org.key, body: { ...identity(org), content: "   " } }), 400, "ValidationError");
    expectError(await call(`${BASE}/not-hex/messages?${query(identity(org))}`, { key: org.key }), 400, "ValidationError");
  });

  it("resolves userEmail (any case) and userExternalUUID; unknown, suspended and other organizations' members are 404", async () => {
    const alex = org.library.endUsers[0]!;
    for (const who of [{ userEmail: alex.email.toUpperCase() }, { userExternalUUID: alex.externalId }]) {
      const res = await call(`${BASE}?${query({ organizationId: org.organizationId, ...who })}`, { key: org.key });
      expect(res.status, res.text).toBe(200);
    }
    const s = org.library.suspendedEndUser;
    const foreign = other.library.endUsers[0]!;
    for (const who of [{ userEmail: "nobody@example.com" }, { userEmail: s.email }, { userExternalUUID: s.externalId }, { userEmail: foreign.email }, { userExternalUUID: "nope" }]) {
      const ident = { organizationId: org.organizationId, ...who };
      expectError(await call(`${BASE}?${query(ident)}`, { key: org.key }), 404, "NotFound");
      expectError(await call(BASE, { key: org.key, body: ident }), 404, "NotFound");
    }
  });

  it("keeps team keys to their organization and lets a multi-organization key reach each one it spans", async () => {
    expectError(await call(BASE, { key: org.key, body: identity(other) }), 403, "Forbidden");
    expectError(await call(`${BASE}?${query(identity(other))}`, { key: org.key }), 403, "Forbidden");
    expectError(await call(BASE, { key: org.key, body: { ...identity(org), organizationId: "0".repeat(24) } }), 403, "Forbidden");
    const multi = await createKey(org.organizationId, "multi", [other.organizationId]);
    expect((await call(BASE, { key: multi, body: identity(other) })).status).toBe(201);
    expect((await call(`${BASE}?${query(identity(org))}`, { key: multi })).status).toBe(200);
  });

  it("charges writes 10 and lists 1", async () => {
    const c = await newConversation(org);
    const q = query(identity(org));
    // Each call's X-RateLimit-Remaining drops by its weight.
    const remaining = async (res: Promise<{ headers: Headers }>) => Number((await res).headers.get("x-ratelimit-remaining"));
    const r0 = await remaining(call(`${BASE}?${q}`, { key: org.key }));
    const r1 = await remaining(call(`${BASE}?${q}`, { key: org.key }));
    expect(r0 - r1).toBe(1);
    const r2 = await remaining(call(`${BASE}/${c.id}/messages?${q}`, { key: org.key }));
    expect(r1 - r2).toBe(1);
    const r3 = await remaining(call(`${BASE}/${c.id}/messages`, { key: org.key, body: { ...identity(org), content: "thanks!" } }));
    expect(r2 - r3).toBe(10);
    const r4 = await remaining(call(BASE, { key: org.key, body: identity(org) }));
    expect(r3 - r4).toBe(10);
    const r5 = await remaining(call(`${BASE}/${c.id}?${q}`, { key: org.key, method: "DELETE" }));
    expect(r4 - r5).toBe(10);
    const r6 = await remaining(call(`${BASE}/${c.id}/actions/confirm`, { key: org.key, body: { ...identity(org), actionId: "a".repeat(24) } }));
    expect(r5 - r6).toBe(10);
  });
});

describe("conversations", () => {
  it("creates a conversation (201) in the member's language unless one is asked for", async () => {
    const lena = org.library.endUsers[1]!;
    const res = await call(BASE, { key: org.key, body: identity(org, lena) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      organizationId: org.organizationId,
      endUserId: lena.id,
      title: null,
      locale: "de-DE",
      messageCount: 0,
      lastMessageAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const titled = await newConversation(org, lena, { title: "  Knee-friendly ideas ", locale: "fr-FR" });
    expect(titled).toMatchObject({ title: "Knee-friendly ideas", locale: "fr-FR" });
    expect((await newConversation(org, lena, { locale: "xx-YY" })).locale).toBe("en-US");
  });

  it("lists the member's live conversations, most recently active first, page by page", async () => {
    const m = org.library.endUsers[2]!;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newConversation(org, m, { title: `c${i}` })).id);
    await say(org, ids[1]!, "thanks", m); // activity moves it to the top
    const p1 = await call(`${BASE}?${query({ ...identity(org, m), limit: 2 })}`, { key: org.key });
    expect(p1.status).toBe(200);
    expect(p1.body.links.total).toBe(5);
    expect(p1.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[4]]);
    expect(p1.body.data[0]).toMatchObject({ title: "c1", messageCount: 2, lastMessageAt: expect.any(String) });
    const next = new URL(p1.body.links.next);
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("limit")).toBe("2");
    expect(next.searchParams.get("userEmail")).toBe(org.library.endUsers[2]!.email);
    const p2 = await call(p1.body.links.next, { key: org.key });
    expect(p2.body.data.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[2]]);
    const p3 = await call(p2.body.links.next, { key: org.key });
    expect(p3.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(p3.body.links).toEqual({ total: 5 });
    const beyond = await call(`${BASE}?${query({ ...identity(org, m), page: 9 })}`, { key: org.key });
    expect(beyond.body).toEqual({ data: [], links: { total: 5 } });
    // Default 20, max 100.
    const all = await call(`${BASE}?${query(identity(org, m))}`, { key: org.key });
    expect(all.body.data).toHaveLength(5);
    expectError(await call(`${BASE}?${query({ ...identity(org, m), limit: 101 })}`, { key: org.key }), 400, "ValidationError");
    expect((await call(`${BASE}?${query({ ...identity(org, m), limit: 100 })}`, { key: org.key })).status).toBe(200);
    expectError(await call(`${BASE}?${query({ ...identity(org, m), limit: 0 })}`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${BASE}?${query({ ...identity(org, m), page: 0 })}`, { key: org.key }), 400, "ValidationError");
    // Another member of the organization sees none of them.
    const alex = await call(`${BASE}?${query(identity(org))}`, { key: org.key });
    expect(alex.body.data.some((c: { id: string }) => ids.includes(c.id))).toBe(false);
  });

  it("names an untitled conversation after its first message", async () => {
    const c = await newConversation(org);
    await say(org, c.id, "What should I do today? I have a long meeting at noon and want something quick before it");
    const [row] = await getDb().select().from(chatConversations).where(eq(chatConversations.id, c.id));
    expect(row!.title).toBe("What should I do today? I have a long meeting at noon and…");
  });

  it("deletes softly: 204, then not listed and 404 everywhere; other members and organizations get 404", async () => {
    const c = await newConversation(org);
    await say(org, c.id, "hi");
    const q = query(identity(org));
    const lena = org.library.endUsers[1]!;
    expectError(await call(`${BASE}/${c.id}?${query(identity(org, lena))}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${BASE}/${"f".repeat(24)}?${q}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    const noIdentity = expectError(await call(`${BASE}/${c.id}?${query({ organizationId: org.organizationId })}`, { key: org.key, method: "DELETE" }), 400, "ValidationError");
    expect(noIdentity.target).toBe("DeleteConversationQuery");
    const res = await call(`${BASE}/${c.id}?${q}`, { key: org.key, method: "DELETE" });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const [row] = await getDb().select().from(chatConversations).where(eq(chatConversations.id, c.id));
    expect(row!.deletedAt).not.toBeNull();
    const listed = await call(`${BASE}?${query({ ...identity(org), limit: 100 })}`, { key: org.key });
    expect(listed.body.data.some((x: { id: string }) => x.id === c.id)).toBe(false);
    expectError(await call(`${BASE}/${c.id}/messages?${q}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}/messages`, { key: org.key, body: { ...identity(org), content: "hello?" } }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}?${q}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}`, { key: org.key, method: "PATCH", body: {} }), 405, "MethodNotAllowed");
  });
});

describe("messages", () => {
  it("posts a message (201) and answers with the stored message and the coach's reply", async () => {
    const c = await newConversation(org);
    const res = await call(`${BASE}/${c.id}/messages`, { key: org.key, body: { ...identity(org), content: "  Hi coach!  " } });
    expect(res.status, res.text).toBe(201);
    const { message, reply } = res.body.data;
    expect(message).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      conversationId: c.id,
      position: 1,
      role: "user",
      content: "Hi coach!",
      createdAt: expect.any(String),
      proposedActions: [],
      actionResult: null,
      coach: null,
    });
    expect(reply).toMatchObject({ conversationId: c.id, position: 2, role: "assistant", actionResult: null, coach: { engine: "deterministic", model: null, intent: "greeting" } });
    expect(reply.content).toContain("Hi Alex!");
    expect(reply.proposedActions.length, "the greeting proposes something to do").toBeGreaterThan(0);
    for (const a of reply.proposedActions) {
      expect(a).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        messageId: reply.id,
        type: expect.stringMatching(/^(assign_workout|start_plan|end_plan|generate_workout|adapt_workout)$/),
        params: expect.any(Object),
        summary: expect.any(String),
        status: "pending",
        expiresAt: expect.any(String),
        confirmedAt: null,
        resultMessageId: null,
      });
      const ttl = Date.parse(a.expiresAt) - Date.parse(reply.createdAt);
      expect(ttl).toBeGreaterThan(23.9 * 3600_000);
      expect(ttl).toBeLessThan(24.1 * 3600_000);
    }
  });

  it("lists messages page by page, oldest first by default or newest first, with their proposals", async () => {
    const c = await newConversation(org);
    await say(org, c.id, "hello");
    await say(org, c.id, "what should I do today?");
    await say(org, c.id, "thanks");
    const all = await listMessages(org, c.id);
    expect(all.data.map((m) => m.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.data.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(all.links).toEqual({ total: 6 });
    expect(all.data[3].proposedActions.length).toBeGreaterThan(0);
    const p1 = await listMessages(org, c.id, { limit: 4 });
    expect(p1.data.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(p1.links.total).toBe(6);
    const next = new URL(p1.links.next!);
    expect([next.searchParams.get("page"), next.searchParams.get("limit")]).toEqual(["2", "4"]);
    const p2 = await call(p1.links.next!, { key: org.key });
    expect(p2.body.data.map((m: { position: number }) => m.position)).toEqual([5, 6]);
    expect(p2.body.links.next).toBeUndefined();
    const latest = await listMessages(org, c.id, { order: "desc", limit: 2 });
    expect(latest.data.map((m) => m.position)).toEqual([6, 5]);
    expect(new URL(latest.links.next!).searchParams.get("order")).toBe("desc");
    expectError(await call(`${BASE}/${c.id}/messages?${query({ ...identity(org), limit: 101 })}`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`${BASE}/${c.id}/messages?${query({ ...identity(org), order: "newest" })}`, { key: org.key }), 400, "ValidationError");
    expect((await listMessages(org, c.id, { limit: 100 })).data).toHaveLength(6);
  });

  it("defaults to 50 messages a page", async () => {
    const c = await newConversation(org);
    for (let i = 0; i < 26; i++) await say(org, c.id, "thanks");
    const page = await listMessages(org, c.id);
    expect(page.data).toHaveLength(50);
    expect(page.links.total).toBe(52);
    expect(new URL(page.links.next!).searchParams.get("limit")).toBe("50");
  });

  it("keeps conversations private to their member and organization", async () => {
    const c = await newConversation(org);
    const lena = org.library.endUsers[1]!;
    expectError(await call(`${BASE}/${c.id}/messages?${query(identity(org, lena))}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}/messages`, { key: org.key, body: { ...identity(org, lena), content: "hi" } }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}/messages?${query(identity(other))}`, { key: other.key }), 404, "NotFound");
    expectError(await call(`${BASE}/${c.id}/messages?${query(identity(org))}`, { key: other.key }), 403, "Forbidden");
    expectError(await call(`${BASE}/${"0".repeat(24)}/messages?${query(identity(org))}`, { key: org.key }), 404, "NotFound");
  });

  it("keeps every turn whole when a conversation is written concurrently", async () => {
    const c = await newConversation(org);
    await Promise.all(["hi", "thanks", "what should I do today", "how am I doing?"].map((m) => say(org, c.id, m)));
    const { data } = await listMessages(org, c.id);
    expect(data.map((m) => m.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 0; i < 8; i += 2) expect([data[i].role, data[i + 1].role]).toEqual(["user", "assistant"]);
  });

  it("answers members of an organization without any content of its own", async () => {
    const empty = await createTestOrg({ name: "Empty Studio" });
    const [m] = await addMembers(getDb(), empty.organizationId, 1);
    const who = { organizationId: empty.organizationId, userEmail: m!.email! };
    const c = await call(BASE, { key: empty.key, body: who });
    expect(c.status).toBe(201);
    for (const content of ["hi", "what should I do today?", "start a plan", "how am I doing?", "add Glute Lab to my library", "stop my plan"]) {
      const res = await call(`${BASE}/${c.body.data.id}/messages`, { key: empty.key, body: { ...who, content } });
      expect(res.status, `${content}: ${res.text}`).toBe(201);
      for (const a of res.body.data.reply.proposedActions) expect(["generate_workout"]).toContain(a.type);
    }
  });

  it("a suspended member loses access to their conversations", async () => {
    const fresh = await createLibraryOrg();
    const c = await newConversation(fresh);
    await getDb().update(endUsers).set({ status: "suspended" }).where(eq(endUsers.id, fresh.library.endUsers[0]!.id));
    clearAuthCaches();
    expectError(await call(`${BASE}/${c.id}/messages?${query(identity(fresh))}`, { key: fresh.key }), 404, "NotFound");
  });
});
