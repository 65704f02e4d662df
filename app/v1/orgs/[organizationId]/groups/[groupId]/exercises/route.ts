import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listExerciseGroupExercises as op } from "@/server/api/operations/groups";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listGroupExercises } from "@/server/services/content/groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/groups/{groupId}/exercises – the group's exercises in order, with media
  GET: route(op, async ({ params, query, url }) => {
    const locale = query.locale === undefined ? undefined : resolveReadLocale(query.locale);
    const { data, total } = await listGroupExercises(getDb(), params.organizationId, params.groupId, { ...query, locale });
    return listResult(url.toString(), data, { limit: query.limit, offset: query.offset, total });
  }),
});
