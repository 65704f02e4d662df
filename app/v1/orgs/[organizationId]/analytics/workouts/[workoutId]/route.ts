import { getDb } from "@/db/client";
import { getWorkoutAnalytics as op } from "@/server/api/operations/analytics";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getWorkoutAnalytics } from "@/server/services/analytics/get-workout-analytics";
import { resolveRange } from "@/server/services/analytics/range";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/analytics/workouts/{workoutId} – plays, drop-off and feedback of one workout
  GET: apiRoute(op, async ({ params, query, targets }) => ({
    data: await getWorkoutAnalytics(getDb(), {
      organizationId: params.organizationId,
      workoutId: params.workoutId,
      range: resolveRange(query, targets.query),
      locale: query.locale,
    }),
  })),
});
