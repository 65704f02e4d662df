import { getDb } from "@/db/client";
import { getExerciseGroup as op } from "@/server/api/operations/groups";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getGroup } from "@/server/services/content/groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/groups/{groupId} – one exercise group with its items
  GET: apiRoute(op, async ({ params, query }) => ({ data: await getGroup(getDb(), params.organizationId, params.groupId, query.locale) })),
});
