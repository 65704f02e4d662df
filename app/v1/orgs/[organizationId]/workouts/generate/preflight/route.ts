import { preflightGenerateWorkout as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { preflightGenerateWorkout } from "@/server/services/personalization/generate-workout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/workouts/generate/preflight – feasibility of a generate body, creates nothing
  POST: apiRoute(op, async ({ db, params, body }) => preflightGenerateWorkout(db, params.organizationId, body)),
});
