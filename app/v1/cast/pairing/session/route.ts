import { createCastSession as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createCastSession } from "@/server/services/cast/create-session";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/session – display side: a new session with its code and QR
  POST: apiRoute(op, async ({ db, body, caller, targets }) => ({ data: await createCastSession(db, caller, body, targets.body) })),
});
