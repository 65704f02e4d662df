import { loadCastWorkout as op } from "@/server/api/operations/cast";
import { methods, route } from "@/server/api/route";
import { loadCastWorkout } from "@/server/services/cast/load-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/workout – load a published workout on the display
  POST: route(op, async ({ db, params, body, caller }) => ({ data: await loadCastWorkout(db, caller, params.sessionId, body) })),
});
