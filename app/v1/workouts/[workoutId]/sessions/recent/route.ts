import { getDb } from "@/db/client";
import { getRecentWorkoutSession as op } from "@/server/api/operations/sessions";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getRecentWorkoutSession } from "@/server/services/sessions/workout-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/sessions/recent – the member's latest started session, to resume
  GET: apiRoute(op, async ({ params, query, caller, targets }) => ({
    data: await getRecentWorkoutSession(getDb(), { caller, workoutId: params.workoutId, attribution: query, target: targets.query }),
  })),
});
