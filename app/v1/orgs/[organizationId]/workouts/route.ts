import { getDb } from "@/db/client";
import { listOrganizationWorkouts as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listWorkouts, listWorkoutsInput } from "@/server/services/content/list-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/workouts – published workspace workouts: search, filters, sort
  GET: apiRoute(op, async ({ params, query, url }) => listWorkouts(getDb(), params.organizationId, listWorkoutsInput(query), url)),
});
