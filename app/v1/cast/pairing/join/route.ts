import { joinCastSession as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { joinCastSession } from "@/server/services/cast/join-session";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/join – controller side: pair from the QR (sessionId + code + deviceId)
  POST: apiRoute(op, async ({ db, body, caller }) => ({ data: await joinCastSession(db, caller, body) })),
});
