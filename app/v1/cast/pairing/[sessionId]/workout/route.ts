import { loadCastWorkout as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { loadCastWorkout } from "@/server/services/cast/load-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/workout – load a published workout on the display
  POST: apiRoute(op, async ({ db, params, body, caller }) => ({ data: await loadCastWorkout(db, caller, params.sessionId, body) })),
});
