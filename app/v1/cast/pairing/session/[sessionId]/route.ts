import { getCastSession as getOp, terminateCastSession as deleteOp } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getCastSession } from "@/server/services/cast/get-session";
import { terminateCastSession } from "@/server/services/cast/terminate-session";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/cast/pairing/session/{sessionId} – display side: snapshot (code, QR, socket, status)
  GET: apiRoute(getOp, async ({ db, params, caller }) => ({ data: await getCastSession(db, caller, params.sessionId) })),
  // DELETE /v1/cast/pairing/session/{sessionId} – display side: terminate, sockets told and closed
  DELETE: apiRoute(deleteOp, async ({ db, params, caller }) => terminateCastSession(db, caller, params.sessionId)),
});
