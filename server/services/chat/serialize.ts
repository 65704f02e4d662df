import type { z } from "zod";
import type { ActionRow, ConversationRow, MessageRow } from "@/db/queries/chat";
import type { ChatActionResult } from "@/server/contracts/chat";

/** How long a confirm may hold its claim before its outcome counts as lost (`failed`). */
export const CLAIM_LEASE_MS = 10 * 60_000;

export type ChatActionStatus = "pending" | "executing" | "confirmed" | "expired" | "failed";

export function toConversation(row: ConversationRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    endUserId: row.endUserId,
    title: row.title,
    locale: row.locale,
    messageCount: row.messageCount,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The status a reader sees: expiry and lost claims are derived from the stored state and the clock. */
export function actionStatus(row: ActionRow, now = new Date()): ChatActionStatus {
  if (row.status === "confirmed") return "confirmed";
  if (row.status === "executing") return row.claimedAt && now.getTime() - row.claimedAt.getTime() > CLAIM_LEASE_MS ? "failed" : "executing";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

export function toAction(row: ActionRow, resultMessageId: string | null, now = new Date()) {
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.type,
    params: row.params,
    summary: row.summary,
    status: actionStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    resultMessageId,
  };
}

export type ChatActionView = ReturnType<typeof toAction>;

/**
 * A message with its proposals and, on an outcome message, the confirmed action's result.
 * `actions` holds every action of the page (proposed by it or recorded by it); `results` maps an
 * action id to the message recording it.
 */
export function toMessage(row: MessageRow, actions: ActionRow[], results: Map<string, string>, now = new Date()) {
  const recorded = row.actionId ? actions.find((a) => a.id === row.actionId) : undefined;
  return {
    id: row.id,
    conversationId: row.conversationId,
    position: row.position,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    proposedActions: actions
      .filter((a) => a.messageId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((a) => toAction(a, results.get(a.id) ?? null, now)),
    actionResult:
      recorded && recorded.status === "confirmed" ? ({ actionId: recorded.id, type: recorded.type, data: recorded.result } as z.input<typeof ChatActionResult>) : null,
    coach: row.coach ?? null,
  };
}

export type ChatMessageView = ReturnType<typeof toMessage>;
