import { listChatMessages, postChatMessage } from "@/server/api/operations/chat";
import { apiRoute, methods } from "@/server/routes/api-route";
import { jsonOrEventStream } from "@/server/api/sse";
import { listConversationMessages } from "@/server/services/chat/conversations";
import { startChatTurn } from "@/server/services/chat/post-message";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/chat/conversations/{conversationId}/messages – a page of messages with their proposed actions
  GET: apiRoute(listChatMessages, async ({ db, params, query, caller, url }) =>
    listConversationMessages(db, caller, params.conversationId, query, url.toString()),
  ),
  // POST /v1/chat/conversations/{conversationId}/messages – the member's message and the coach's reply, as JSON or as Server-Sent Events
  POST: apiRoute(postChatMessage, async ({ db, req, params, body, caller, requestId }) =>
    jsonOrEventStream(req, requestId, await startChatTurn(db, caller, params.conversationId, body)),
  ),
});
