import { controlCastWorkout as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { controlCastWorkout } from "@/server/services/cast/control-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/cast/pairing/{sessionId}/workout/control – play, pause, next, prev, restart, done_exercise, done
  POST: apiRoute(op, async ({ db, params, body, caller }) => ({ data: await controlCastWorkout(db, caller, params.sessionId, body.action) })),
});
