import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listExerciseGroups as op } from "@/server/api/operations/groups";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listGroups } from "@/server/services/content/groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/groups – exercise groups (circuits, sets, supersets), newest first
  GET: route(op, async ({ params, query, url }) => {
    const { data, total } = await listGroups(getDb(), params.organizationId, { ...query, locale: resolveReadLocale(query.locale) });
    return listResult(url.toString(), data, { limit: query.limit, offset: query.offset, total });
  }),
});
