import { deleteChatConversation } from "@/server/api/operations/chat";
import { methods, route } from "@/server/api/route";
import { deleteConversation } from "@/server/services/chat/conversations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/chat/conversations/{conversationId} – soft-delete a conversation
  DELETE: route(deleteChatConversation, async ({ db, params, query, caller }) => deleteConversation(db, caller, params.conversationId, query)),
});
