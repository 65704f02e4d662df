import { startCastWorkout as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { startCastWorkout } from "@/server/services/cast/start-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/workout/start – start playback and its workout session (key attribution only)
  POST: apiRoute(op, async ({ db, params, body, caller, targets }) => ({ data: await startCastWorkout(db, caller, params.sessionId, body, targets.body) })),
});
