import { joinCastSessionByCode as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { joinCastSessionByCode } from "@/server/services/cast/join-session";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/join-by-code – controller side: pair with the 6-digit code
  POST: apiRoute(op, async ({ db, body, caller }) => ({ data: await joinCastSessionByCode(db, caller, body) })),
});
