import { deleteChatConversation } from "@/server/api/operations/chat";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteConversation } from "@/server/services/chat/conversations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/chat/conversations/{conversationId} – soft-delete a conversation
  DELETE: apiRoute(deleteChatConversation, async ({ db, params, query, caller }) => deleteConversation(db, caller, params.conversationId, query)),
});
