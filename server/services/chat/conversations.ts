import type { Db } from "@/db/client";
import { findLiveConversation, insertConversation, listConversations, listActionsOfMessages, listMessages, listResultMessageIds, softDeleteConversation } from "@/db/queries/chat";
import type { Caller } from "@/server/api/auth";
import { notFound } from "@/server/api/errors";
import { resolveReadLocale } from "@/server/api/locale";
import type { ChatIdentity } from "@/server/api/operations/chat";
import { pageNumberLinks } from "@/server/api/pagination";
import { type ChatMember, resolveChatMember } from "./resolve-chat-member";
import { type ChatMessageView, toConversation, toMessage } from "./serialize";

/** The conversation's language: the one asked for, else the member's preferred one (en-US when unsupported). */
export function conversationLocale(requested: string | undefined, member: ChatMember) {
  return resolveReadLocale(requested ?? member.preferredLocale);
}

export async function createConversation(db: Db, caller: Caller, body: ChatIdentity & { title?: string; locale?: string }) {
  const member = await resolveChatMember(db, caller, body);
  const row = await insertConversation(db, {
    organizationId: body.organizationId,
    endUserId: member.id,
    title: body.title ?? null,
    locale: conversationLocale(body.locale, member),
  });
  return toConversation(row);
}

export async function listMemberConversations(db: Db, caller: Caller, query: ChatIdentity & { page: number; limit: number }, requestUrl: string) {
  const member = await resolveChatMember(db, caller, query);
  const { rows, total } = await listConversations(db, {
    organizationId: query.organizationId,
    endUserId: member.id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toConversation), links: pageNumberLinks(requestUrl, { page: query.page, limit: query.limit, total }) };
}

export async function deleteConversation(db: Db, caller: Caller, conversationId: string, query: ChatIdentity): Promise<void> {
  const member = await resolveChatMember(db, caller, query);
  const deleted = await softDeleteConversation(db, { organizationId: query.organizationId, endUserId: member.id, conversationId });
  if (!deleted) throw notFound("Conversation not found.");
}

/**
 * The member a request names and their live conversation (404 when it is unknown, deleted, or
 * another member's), read side by side.
 */
export async function resolveMemberConversation(db: Db, caller: Caller, identity: ChatIdentity, conversationId: string) {
  const [member, conversation] = await Promise.all([
    resolveChatMember(db, caller, identity),
    findLiveConversation(db, { organizationId: identity.organizationId, conversationId }),
  ]);
  if (!conversation || conversation.endUserId !== member.id) throw notFound("Conversation not found.");
  return { member, conversation };
}

/** Messages with their proposals and recorded outcomes, in the order given. */
export async function presentMessages(db: Db, rows: Awaited<ReturnType<typeof listMessages>>): Promise<ChatMessageView[]> {
  const actions = await listActionsOfMessages(db, {
    messageIds: rows.filter((r) => r.role === "assistant").map((r) => r.id),
    actionIds: rows.flatMap((r) => (r.actionId ? [r.actionId] : [])),
  });
  const results = await listResultMessageIds(
    db,
    actions.filter((a) => a.status === "confirmed").map((a) => a.id),
  );
  const now = new Date();
  return rows.map((r) => toMessage(r, actions, results, now));
}

export async function listConversationMessages(
  db: Db,
  caller: Caller,
  conversationId: string,
  query: ChatIdentity & { page: number; limit: number; order: "asc" | "desc" },
  requestUrl: string,
) {
  const { conversation } = await resolveMemberConversation(db, caller, query, conversationId);
  const rows = await listMessages(db, { conversationId, limit: query.limit, offset: (query.page - 1) * query.limit, order: query.order });
  return {
    data: await presentMessages(db, rows),
    links: pageNumberLinks(requestUrl, { page: query.page, limit: query.limit, total: conversation.messageCount }),
  };
}
