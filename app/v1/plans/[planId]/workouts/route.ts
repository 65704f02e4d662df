import { getDb } from "@/db/client";
import { getPlanWorkouts as op } from "@/server/api/operations/plans";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listPlanWorkouts } from "@/server/services/content/get-plan";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/plans/{planId}/workouts – the plan's workouts in sequence (week, day, position)
  GET: apiRoute(op, async ({ params, query, caller, url }) => listResponse(url, query, await listPlanWorkouts(getDb(), caller, params.planId, query))),
});
