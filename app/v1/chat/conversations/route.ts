import { createChatConversation, listChatConversations } from "@/server/api/operations/chat";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createConversation, listMemberConversations } from "@/server/services/chat/conversations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/chat/conversations – the member's conversations, most recently active first (page-based)
  GET: apiRoute(listChatConversations, async ({ db, query, caller, url }) => listMemberConversations(db, caller, query, url.toString())),
  // POST /v1/chat/conversations – start a coach conversation
  POST: apiRoute(createChatConversation, async ({ db, body, caller }) => ({ data: await createConversation(db, caller, body) })),
});
