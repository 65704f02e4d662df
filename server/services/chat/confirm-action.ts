import type { Db } from "@/db/client";
import { type ActionRow, appendMessages, claimAction, completeAction, findAction, releaseAction } from "@/db/queries/chat";
import type { Caller } from "@/server/core/caller";
import { ApiError, conflict, notFound } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { resolveReadLocale } from "@/server/core/locale";
import type { ChatIdentity } from "@/server/contracts/chat";
import { executeAction, outcomeText, parseActionParams } from "./actions";
import { resolveMemberConversation } from "./conversations";
import { actionStatus, toAction, toMessage } from "./serialize";

/** Why an action that could not be claimed cannot run: 409 once run (or running), 410 once expired. */
function notConfirmable(action: ActionRow): ApiError {
  switch (actionStatus(action)) {
    case "confirmed":
      return conflict("This action was already confirmed; an action runs only once.");
    case "executing":
      return conflict("This action is being confirmed right now.");
    case "failed":
      return conflict("This action's confirmation did not finish and is not run again; ask the coach again.");
    case "expired":
      return new ApiError({ code: "Gone", message: "This proposal has expired; ask the coach again." });
    default:
      return conflict("This action cannot be confirmed right now.");
  }
}

/**
 * POST .../actions/confirm. The action is claimed first (one conditional UPDATE, so of two
 * concurrent confirms only one runs it), its parameters are validated again with the
 * operation's schema, and it runs through the operation's own service for the conversation's
 * member. If that fails, the claim is given back and the error is the operation's: nothing has
 * changed and the action can be confirmed again. On success the outcome is recorded as a new
 * assistant message and the action becomes `confirmed`, in one transaction.
 */
export async function confirmChatAction(db: Db, caller: Caller, conversationId: string, body: ChatIdentity & { actionId: string }) {
  const { member, conversation } = await resolveMemberConversation(db, caller, body, conversationId);
  const action = await findAction(db, { conversationId, actionId: body.actionId });
  if (!action) throw notFound("Action not found in this conversation.");
  const claimed = await claimAction(db, action.id);
  if (!claimed) throw notConfirmable((await findAction(db, { conversationId, actionId: action.id })) ?? action);

  const locale = resolveReadLocale(conversation.locale);
  let result: unknown;
  try {
    const params = parseActionParams(claimed.type, claimed.params);
    result = await executeAction(db, claimed.type, params, { organizationId: body.organizationId, member, locale });
  } catch (err) {
    await releaseAction(db, claimed.id).catch((e) => log("error", "could not release a chat action claim", { actionId: claimed.id, err: String(e) }));
    throw err;
  }

  const content = await outcomeText(db, body.organizationId, claimed.type, result, locale);
  const { done, message } = await db.transaction(async (tx) => {
    const [appended, done] = await Promise.all([
      appendMessages(tx, { conversationId, messages: [{ role: "assistant", content, actionId: claimed.id }], evenDeleted: true }),
      completeAction(tx, claimed.id, result),
    ]);
    if (!done || !appended) throw new Error(`the claim on chat action ${claimed.id} was lost`);
    return { done, message: appended.messages[0]! };
  });
  const results = new Map([[done.id, message.id]]);
  return { action: toAction(done, message.id), message: toMessage(message, [done], results) };
}
