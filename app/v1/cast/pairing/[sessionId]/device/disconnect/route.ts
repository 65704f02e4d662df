import { disconnectCastDevice as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { disconnectCastDevice } from "@/server/services/cast/disconnect-device";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/device/disconnect – unpair the controller; playback keeps running
  POST: apiRoute(op, async ({ db, params, body, caller }) => ({ data: await disconnectCastDevice(db, caller, params.sessionId, body) })),
});
