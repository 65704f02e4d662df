import type { Db } from "@/db/client";
import { type ActionRow, type MessageRow, appendMessages, listLastMessages, listPendingActions } from "@/db/queries/chat";
import type { CoachInfo } from "@/db/schema";
import { getLanguageModel } from "@/server/ai/providers/model";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { resolveReadLocale } from "@/server/core/locale";
import type { ChatIdentity } from "@/server/contracts/chat";
import { PROPOSAL_TTL_MS, type Proposal, groundProposals } from "./actions";
import { deterministicReply } from "./coach/deterministic";
import { primaryIntent, readMessage } from "./coach/intents";
import { modelReply } from "./coach/model";
import { coachTexts } from "./coach/texts";
import { resolveMemberConversation } from "./conversations";
import { CoachContext } from "./member-context";
import { type ChatMessageView, toMessage } from "./serialize";

/** Messages of the conversation the model sees before the new one. */
const MODEL_HISTORY = 12;

export interface ChatTurnResult {
  message: ChatMessageView;
  reply: ChatMessageView;
}

/**
 * POST .../messages in two steps, so that everything that can be refused (member, conversation)
 * is refused before a stream starts: `startChatTurn` resolves and checks, `run` produces the
 * reply (passing text chunks to `onDelta` as they come) and stores the member's message, the
 * reply and its proposals in one transaction.
 */
export async function startChatTurn(db: Db, caller: Caller, conversationId: string, body: ChatIdentity & { content: string }) {
  const { member, conversation } = await resolveMemberConversation(db, caller, body, conversationId);
  const ctx = new CoachContext(db, body.organizationId, member, resolveReadLocale(conversation.locale));
  return {
    run: (onDelta?: (text: string) => void): Promise<ChatTurnResult> => runTurn(db, ctx, conversationId, body.content, onDelta),
  };
}

async function runTurn(db: Db, ctx: CoachContext, conversationId: string, content: string, onDelta?: (text: string) => void): Promise<ChatTurnResult> {
  const receivedAt = new Date();
  const answer = await coachAnswer(ctx, {
    text: content,
    history: () => listLastMessages(db, conversationId, MODEL_HISTORY),
    pending: () => listPendingActions(db, conversationId),
    onDelta,
  });
  const expiresAt = new Date(Date.now() + PROPOSAL_TTL_MS);
  const stored = await db.transaction((tx) =>
    appendMessages(tx, {
      conversationId,
      messages: [
        { role: "user", content, createdAt: receivedAt },
        { role: "assistant", content: answer.content, coach: answer.coach },
      ],
      actions: answer.proposals.map((p) => ({ type: p.type, params: p.params, summary: p.summary, expiresAt })),
    }),
  );
  if (!stored) throw notFound("Conversation not found.");
  const [mine, reply] = stored.messages;
  const none = new Map<string, string>();
  return { message: toMessage(mine!, [], none), reply: toMessage(reply!, stored.actions, none) };
}

interface CoachAnswer {
  content: string;
  proposals: Proposal[];
  coach: CoachInfo;
}

/**
 * The configured model answers with tool calls when it can; any failure falls back to the
 * deterministic coach, with the reason recorded. Proposals of either are grounded (validated
 * and checked for eligibility) before they are offered.
 */
async function coachAnswer(
  ctx: CoachContext,
  args: { text: string; history: () => Promise<MessageRow[]>; pending: () => Promise<ActionRow[]>; onDelta?: (text: string) => void },
): Promise<CoachAnswer> {
  const intent = primaryIntent(readMessage(args.text));
  const configured = getLanguageModel();
  let fallbackReason: string | undefined;
  if (configured) {
    try {
      const r = await modelReply(ctx, configured, { text: args.text, history: await args.history(), onDelta: args.onDelta });
      const proposals = await groundProposals(ctx, r.proposals);
      if (!r.content && proposals.length === 0) throw new Error("the model proposed nothing usable");
      return { content: r.content || coachTexts(ctx.locale).confirmHint, proposals, coach: { engine: "model", model: configured.id, intent } };
    } catch (err) {
      fallbackReason = err instanceof Error ? err.message.split("\n")[0]!.slice(0, 300) : String(err);
      log("warn", "coach model failed; answering with the deterministic coach", { model: configured.id, reason: fallbackReason });
    }
  }
  const r = await deterministicReply(ctx, args.text, args.pending);
  const proposals = await groundProposals(ctx, r.proposals);
  const t = coachTexts(ctx.locale);
  // A reply whose every proposal fell through grounding may have nothing left to say.
  const content = proposals.length ? `${r.content} ${t.confirmHint}`.trim() : r.content || t.fallback;
  if (args.onDelta) for (const chunk of chunksOf(content)) args.onDelta(chunk);
  return {
    content,
    proposals,
    coach: { engine: "deterministic", model: null, intent: r.intent, ...(fallbackReason ? { fallbackReason } : {}) },
  };
}

/** A finished text in stream-sized pieces (a few words each, spaces kept). */
export function chunksOf(text: string, wordsPerChunk = 4): string[] {
  const parts = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += wordsPerChunk) out.push(parts.slice(i, i + wordsPerChunk).join(""));
  return out;
}
