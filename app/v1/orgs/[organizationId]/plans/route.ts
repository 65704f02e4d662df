import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listOrganizationPlans as op } from "@/server/api/operations/plans";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listPlans } from "@/server/services/content/list-plans";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/plans – published public and private plans (never end-user-ai-generated)
  GET: route(op, async ({ params, query, url }) => {
    const { data, total } = await listPlans(getDb(), params.organizationId, { ...query, locale: resolveReadLocale(query.locale) });
    return listResult(url.toString(), data, { limit: query.limit, offset: query.offset, total });
  }),
});
