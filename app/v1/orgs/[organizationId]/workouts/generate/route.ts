import { generateWorkout as op } from "@/server/api/operations/ai";
import { methods, route } from "@/server/api/route";
import { generateWorkout } from "@/server/services/personalization/generate-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/generate – an ephemeral workout from the exercise catalog
  POST: route(op, async ({ db, params, body }) => generateWorkout(db, params.organizationId, body)),
});
