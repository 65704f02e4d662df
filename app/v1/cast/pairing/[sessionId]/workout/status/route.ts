import { getDb } from "@/db/client";
import { getCastWorkoutStatus as op } from "@/server/api/operations/cast";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getCastStatus } from "@/server/services/cast/get-session";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/cast/pairing/{sessionId}/workout/status – playback status (resync after a connection drop)
  GET: apiRoute(op, async ({ params, caller }) => ({ data: await getCastStatus(getDb(), caller, params.sessionId) })),
});
