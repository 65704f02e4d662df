import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listOrganizationWorkouts as op } from "@/server/api/operations/workouts";
import { methods, route } from "@/server/api/route";
import { listWorkouts } from "@/server/services/content/list-workouts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/workouts – published workspace workouts: search, filters, sort
  GET: route(op, async ({ params, query, url }) =>
    listWorkouts(getDb(), params.organizationId, { ...query, locale: resolveReadLocale(query.locale), categories: query.categoryIds }, url),
  ),
});
