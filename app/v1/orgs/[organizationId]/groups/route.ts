import { getDb } from "@/db/client";
import { listExerciseGroups as op } from "@/server/api/operations/groups";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listGroups } from "@/server/services/content/groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/groups – exercise groups (circuits, sets, supersets), newest first
  GET: apiRoute(op, async ({ params, query, url }) => listResponse(url, query, await listGroups(getDb(), params.organizationId, query))),
});
