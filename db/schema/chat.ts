import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { endUsers } from "./people";

/**
 * The AI coach chat: a member's conversations, their messages, and the actions the coach
 * proposes. An action executes only when the member confirms it; its outcome is recorded as a
 * new message that points back at it.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    /** Given on create, or taken from the first message. */
    title: text(),
    /** The language the coach answers in (the member's preferred locale unless one was asked for). */
    locale: text().notNull(),
    /** Messages so far; the next message's position is this plus one (kept under the conversation's row lock). */
    messageCount: integer().notNull().default(0),
    lastMessageAt: ts("last_message_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("chat_conversations_user_idx").on(t.endUserId, t.updatedAt).where(sql`${t.deletedAt} is null`)],
);

export type CoachEngine = "deterministic" | "model";

/** How an assistant message was produced (null on the member's own messages). */
export interface CoachInfo {
  engine: CoachEngine;
  model: string | null;
  intent: string;
  fallbackReason?: string;
}

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    conversationId: text()
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    /** 1-based order within the conversation. */
    position: integer().notNull(),
    role: text().$type<"user" | "assistant">().notNull(),
    content: text().notNull(),
    coach: jsonb().$type<CoachInfo>(),
    /** Set on the message that records a confirmed action's outcome; unique, so an action has one outcome. */
    actionId: text().references((): AnyPgColumn => chatActions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_messages_position_uq").on(t.conversationId, t.position), uniqueIndex("chat_messages_action_uq").on(t.actionId)],
);

export const CHAT_ACTION_TYPES = ["assign_workout", "start_plan", "end_plan", "generate_workout", "adapt_workout"] as const;
export type ChatActionType = (typeof CHAT_ACTION_TYPES)[number];

/**
 * Stored states. `pending` until confirmed; `executing` while a confirm runs (the claim that
 * keeps a second confirm from executing it again); `confirmed` once its outcome is recorded.
 * Readers derive `expired` (pending past expiresAt) and `failed` (a claim whose outcome was
 * never recorded within the lease).
 */
export type ChatActionState = "pending" | "executing" | "confirmed";

export const chatActions = pgTable(
  "chat_actions",
  {
    id: id(),
    conversationId: text()
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    /** The assistant message that proposed it. */
    messageId: text()
      .notNull()
      .references((): AnyPgColumn => chatMessages.id, { onDelete: "cascade" }),
    /** Order among the message's proposals. */
    position: integer().notNull(),
    type: text().$type<ChatActionType>().notNull(),
    /** The body of the underlying operation (validated with its schema when proposed and again when confirmed). */
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    summary: text().notNull(),
    status: text().$type<ChatActionState>().notNull().default("pending"),
    expiresAt: ts("expires_at").notNull(),
    claimedAt: ts("claimed_at"),
    confirmedAt: ts("confirmed_at"),
    /** The underlying operation's response data. */
    result: jsonb().$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("chat_actions_message_position_uq").on(t.messageId, t.position), index("chat_actions_conversation_idx").on(t.conversationId)],
);
