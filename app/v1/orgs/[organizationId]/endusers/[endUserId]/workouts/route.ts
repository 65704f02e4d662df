import { getDb } from "@/db/client";
import { listEndUserWorkouts as op } from "@/server/api/operations/endusers";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listMemberWorkouts } from "@/server/services/members/list-library";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/workouts – published workouts assigned to the member
  GET: apiRoute(op, async ({ params, query, url }) =>
    listResponse(url, query, await listMemberWorkouts(getDb(), { organizationId: params.organizationId, endUserIdentifier: params.endUserId, ...query })),
  ),
});
