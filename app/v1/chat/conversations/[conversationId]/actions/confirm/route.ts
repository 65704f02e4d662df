import { confirmChatAction as op } from "@/server/api/operations/chat";
import { apiRoute, methods } from "@/server/routes/api-route";
import { confirmChatAction } from "@/server/services/chat/confirm-action";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/chat/conversations/{conversationId}/actions/confirm – execute a proposed action once and record its outcome
  POST: apiRoute(op, async ({ db, params, body, caller }) => ({ data: await confirmChatAction(db, caller, params.conversationId, body) })),
});
