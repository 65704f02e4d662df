import { generateWorkout as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { generateWorkout } from "@/server/services/personalization/generate-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/generate – an ephemeral workout from the exercise catalog
  POST: apiRoute(op, async ({ db, params, body }) => generateWorkout(db, params.organizationId, body)),
});
