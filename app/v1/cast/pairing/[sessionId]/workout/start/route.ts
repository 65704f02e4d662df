import { getDb } from "@/db/client";
import { startCastWorkout as op } from "@/server/api/operations/cast";
import { methods, route } from "@/server/api/route";
import { startCastWorkout } from "@/server/services/cast/start-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/workout/start – start playback and its workout session (key attribution only)
  POST: route(op, async ({ params, body, caller, targets }) => ({ data: await startCastWorkout(getDb(), caller, params.sessionId, body, targets.body) })),
});
