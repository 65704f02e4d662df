import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, ListLinks, ReadLocale, limitParam, requireOne } from "@/server/contracts/schemas";
import { CHAT_ACTION_PARAMS, ChatActionResult } from "@/server/contracts/chat";
import { adaptWorkout, generateWorkout } from "./ai";
import { assignEndUserWorkouts, endEndUserPlan, startEndUserPlan } from "./endusers";

/**
 * The AI coach chat (spec "Chat"). Every request names the member: `organizationId` plus
 * exactly one of `userEmail` or `userExternalUUID`, in the body of a POST and in the query of a
 * GET or DELETE; they resolve to an active member of that organization (404 otherwise). Writes
 * weigh 10, lists 1. Lists are page-based (`page`, `limit`). Shapes and decisions: docs/chat.md.
 */

const TAG = "AI coach chat";

const Identity = {
  organizationId: HexId.meta({ description: "The member's organization. Required on every chat request; a team key only reaches its own (403)." }),
  userEmail: z
    .email()
    .max(320)
    .optional()
    .meta({ description: "The member's email (case-insensitive). Send exactly one of userEmail and userExternalUUID (400 ValidationError otherwise)." }),
  userExternalUUID: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .meta({ description: "The member's external id (the partner's own id). Send exactly one of userEmail and userExternalUUID (400 ValidationError otherwise)." }),
};

/**
 * The member is named by exactly one of userEmail or userExternalUUID: every chat query and body is
 * `withIdentity`, so the kernel answers 400 ValidationError naming the field (the request type as
 * target) and the document says `oneOf` of the two required sets for bodies (openapi-typescript
 * keeps the body's type for a `oneOf` of bare `required` sets) and, for query parameters, which
 * cannot state it, the descriptions.
 */
const withIdentity = <T extends z.ZodObject>(schema: T) =>
  requireOne(schema, ["userEmail", "userExternalUUID"] as (keyof z.output<T> & string)[], "Send exactly one of userEmail or userExternalUUID.");

const pageParam = z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based page number (default 1)." });

const ConversationParams = z.object({ conversationId: HexId });

// ---------------------------------------------------------------------------------------------
// Resources

export const ChatConversation = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    endUserId: z.string().meta({ description: "The member's 24-hex id." }),
    title: z.string().nullable().meta({ description: "Given on create, else the start of the first message; null before it." }),
    locale: z.string().meta({ description: "The language the coach answers in." }),
    messageCount: z.number().int(),
    lastMessageAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string().meta({ description: "Last activity; conversations are listed by it, newest first." }),
  })
  .meta({ id: "ChatConversation" });

/** The public operation each action type runs (its weight bounds the confirm's). */
export const CHAT_ACTION_OPERATIONS = {
  assign_workout: assignEndUserWorkouts,
  start_plan: startEndUserPlan,
  end_plan: endEndUserPlan,
  generate_workout: generateWorkout,
  adapt_workout: adaptWorkout,
} as const satisfies Record<keyof typeof CHAT_ACTION_PARAMS, unknown>;

const ACTION_TYPE_TEXT: Record<keyof typeof CHAT_ACTION_PARAMS, string> = {
  assign_workout: "Adds workouts to the member's library (POST .../endusers/{endUserId}/workouts/assign).",
  start_plan: "Starts a plan and makes it the active one (POST .../endusers/{endUserId}/plans/start).",
  end_plan: "Ends the active plan (POST .../endusers/{endUserId}/plans/{planId}/end).",
  generate_workout: "Generates a workout for today (POST .../workouts/generate).",
  adapt_workout: "Adapts a team workout to the member (POST .../workouts/{workoutId}/adapt).",
};

const ActionCommon = {
  id: z.string(),
  messageId: z.string().meta({ description: "The assistant message that proposed it." }),
  summary: z.string().meta({ description: "What confirming does, in the conversation's language." }),
  status: z.enum(["pending", "executing", "confirmed", "expired", "failed"]).meta({
    description:
      "pending: confirmable until expiresAt. executing: a confirm is running. confirmed: executed once, its outcome recorded in resultMessageId. expired: not confirmed in time. failed: a confirm started but its outcome was never recorded (the server stopped); it is not retried.",
  }),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  resultMessageId: z.string().nullable().meta({ description: "The message that records the outcome, once confirmed." }),
};

export const ChatAction = z
  .discriminatedUnion(
    "type",
    (Object.keys(CHAT_ACTION_PARAMS) as (keyof typeof CHAT_ACTION_PARAMS)[]).map((type) =>
      z.object({ ...ActionCommon, type: z.literal(type).meta({ description: ACTION_TYPE_TEXT[type] }), params: CHAT_ACTION_PARAMS[type].params }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: "ChatAction", description: "A proposed action. Nothing executes until it is confirmed with POST .../actions/confirm." });


export const ChatMessage = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    position: z.number().int().meta({ description: "1-based order in the conversation." }),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    createdAt: z.string(),
    proposedActions: z.array(ChatAction).meta({ description: "Actions the coach proposes with this message (empty when none)." }),
    actionResult: ChatActionResult.nullable().meta({ description: "Set on the assistant message that records a confirmed action's outcome." }),
    coach: z
      .object({
        engine: z.enum(["deterministic", "model"]),
        model: z.string().nullable(),
        intent: z.string().meta({ description: "What the coach understood (today, tired, shorter, progress, start_plan...)." }),
        fallbackReason: z.string().optional().meta({ description: "Why a configured model's answer was not used." }),
      })
      .nullable()
      .meta({ description: "How an assistant reply was produced; null on the member's messages and on action results." }),
  })
  .meta({ id: "ChatMessage" });

export const ChatTurn = z
  .object({ message: ChatMessage.meta({ description: "The member's message as stored." }), reply: ChatMessage })
  .meta({ id: "ChatTurn" });

// ---------------------------------------------------------------------------------------------
// Operations

const IDENTITY_NOTE =
  "The member is named by `organizationId` and exactly one of `userEmail` or `userExternalUUID`; unknown and suspended members are 404, another organization's member or conversation is 404, and a team key on another organization is 403.";

export const ListConversationsQuery = withIdentity(z.object({ ...Identity, page: pageParam, limit: limitParam(100, 20) }).strict());

export const listChatConversations = defineOperation({
  operationId: "ChatApi_listConversations",
  method: "get",
  path: "/v1/chat/conversations",
  tag: TAG,
  summary: "List the member's coach conversations",
  description: `Most recently active first; deleted conversations are not listed. Page-based: \`page\` (from 1) and \`limit\` (1 to 100, default 20); \`links.next\` is the next page's URL, \`links.total\` the count. A bare GET is 400. ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 1,
  query: ListConversationsQuery,
  success: { status: 200, description: "A page of conversations.", schema: z.object({ data: z.array(ChatConversation), links: ListLinks }).meta({ id: "ChatConversationList" }) },
  errors: [403, 404],
});

export const createChatConversation = defineOperation({
  operationId: "ChatApi_createConversation",
  method: "post",
  path: "/v1/chat/conversations",
  tag: TAG,
  summary: "Start a coach conversation",
  description: `Creates an empty conversation; post messages to it. \`locale\` sets the coach's language (default: the member's preferred locale; unsupported ones fall back to en-US). ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 10,
  idempotency: "transaction",
  body: withIdentity(
    z
      .object({
        ...Identity,
        title: z.string().trim().min(1).max(200).optional().meta({ description: "Default: the start of the first message." }),
        locale: ReadLocale.optional(),
      })
      .strict(),
  ).meta({ id: "CreateChatConversationBody" }),
  bodyRequired: true,
  success: { status: 201, description: "The new conversation.", schema: z.object({ data: ChatConversation }) },
  errors: [403, 404],
});

export const deleteChatConversation = defineOperation({
  operationId: "ChatApi_deleteConversation",
  method: "delete",
  path: "/v1/chat/conversations/{conversationId}",
  tag: TAG,
  summary: "Delete a coach conversation",
  description: `Soft delete: the conversation is no longer listed and later requests on it are 404; its pending actions can no longer be confirmed. ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 10,
  idempotency: "transaction",
  params: ConversationParams,
  query: withIdentity(z.object({ ...Identity }).strict()),
  success: { status: 204, description: "Deleted." },
  errors: [403, 404],
});

export const listChatMessages = defineOperation({
  operationId: "ChatApi_listMessages",
  method: "get",
  path: "/v1/chat/conversations/{conversationId}/messages",
  tag: TAG,
  summary: "List a conversation's messages",
  description: `Page-based: \`page\` (from 1) and \`limit\` (1 to 100, default 50). \`order\` asc (default) gives the conversation from its first message; desc gives the newest first (page 1 is the latest messages). Each assistant message carries its proposed actions with their current status. ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 1,
  params: ConversationParams,
  query: withIdentity(
    z
      .object({
        ...Identity,
        page: pageParam,
        limit: limitParam(100, 50),
        order: z.enum(["asc", "desc"]).default("asc").meta({ description: "By position: asc (oldest first, default) or desc (newest first)." }),
      })
      .strict(),
  ),
  success: { status: 200, description: "A page of messages.", schema: z.object({ data: z.array(ChatMessage), links: ListLinks }).meta({ id: "ChatMessageList" }) },
  errors: [403, 404],
});

export const PostChatMessageBody = withIdentity(
  z
    .object({
      ...Identity,
      content: z.string().trim().min(1).max(4000).meta({ description: "The member's message (1 to 4000 characters)." }),
    })
    .strict(),
).meta({ id: "PostChatMessageBody" });

export const postChatMessage = defineOperation({
  operationId: "ChatApi_postMessage",
  method: "post",
  path: "/v1/chat/conversations/{conversationId}/messages",
  tag: TAG,
  summary: "Send a message and get the coach's reply",
  description: `Stores the member's message and the coach's reply, which may propose actions (nothing executes until confirmed). The coach answers from the member's own data: recent sessions, active plan and its progress, insights digest, library and the organization's workouts. With a language model configured it answers through tool calls over the same actions, else (or when the model fails) with the built-in deterministic coach. Send \`Accept: text/event-stream\` to receive the reply as Server-Sent Events (200): \`delta\` ({ text }) chunks as the reply is written, then \`reply\` ({ message, reply }: the stored turn, authoritative) or \`error\` ({ error }: nothing stored). Errors found before the stream starts are ordinary JSON errors. ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 10,
  params: ConversationParams,
  body: PostChatMessageBody,
  bodyRequired: true,
  success: { status: 201, description: "The stored message and the coach's reply.", schema: z.object({ data: ChatTurn }) },
  alternativeSuccess: [
    {
      status: 200,
      contentType: "text/event-stream",
      description: "With `Accept: text/event-stream`: events `delta` ({ text }, repeated), then `reply` ({ message, reply }) or `error` ({ error }); see docs/chat.md.",
    },
  ],
  errors: [403, 404],
});

export const confirmChatAction = defineOperation({
  operationId: "ChatApi_confirmAction",
  method: "post",
  path: "/v1/chat/conversations/{conversationId}/actions/confirm",
  tag: TAG,
  summary: "Confirm a proposed action and execute it",
  description: `Runs the action through the same service, validation and errors as its public operation (assign: 400 for an ineligible workout; start: 404 for an unknown plan; end: 404 when the plan is not active; generate and adapt: their 400s), and records the outcome as a new assistant message. A confirm that fails changes nothing: the action stays pending and may be confirmed again. An action executes at most once: confirming it again is 409 Conflict; an expired proposal (24 hours) is 410 Gone. Weight 10, as generate and adapt (the library operations weigh 1). ${IDENTITY_NOTE}`,
  auth: ["X-Api-Key"],
  weight: 10,
  params: ConversationParams,
  body: withIdentity(
    z.object({ ...Identity, actionId: HexId.meta({ description: "The proposed action's id (from the reply's proposedActions)." }) }).strict(),
  ).meta({ id: "ConfirmChatActionBody" }),
  bodyRequired: true,
  success: {
    status: 200,
    description: "The confirmed action and the message that records its outcome.",
    schema: z.object({ data: z.object({ action: ChatAction, message: ChatMessage }).meta({ id: "ChatConfirmation" }) }),
  },
  errors: [403, 404, 409, 410],
});
