import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listStockExercises as op } from "@/server/api/operations/stock";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listStockExercises } from "@/server/services/content/list-stock-exercises";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/stock-exercises – the plan-gated stock clip catalog
  GET: route(op, async ({ params, query, caller, url }) => {
    const { data, total } = await listStockExercises(getDb(), params.organizationId, caller, { ...query, locale: resolveReadLocale(query.locale) });
    return listResult(url.toString(), data, { limit: query.limit, offset: query.offset, total });
  }),
});
