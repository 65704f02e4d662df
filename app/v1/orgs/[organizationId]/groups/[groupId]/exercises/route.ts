import { getDb } from "@/db/client";
import { listExerciseGroupExercises as op } from "@/server/api/operations/groups";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listGroupExercises } from "@/server/services/content/groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/groups/{groupId}/exercises – the group's exercises in order, with media
  GET: apiRoute(op, async ({ params, query, url }) => listResponse(url, query, await listGroupExercises(getDb(), params.organizationId, params.groupId, query))),
});
