import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listEndUserPlans as op } from "@/server/api/operations/endusers";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listMemberPlans } from "@/server/services/members/list-library";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/plans – library plans, without the active one
  GET: route(op, async ({ params, query, url }) => {
    const { items, total } = await listMemberPlans(getDb(), {
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      limit: query.limit,
      offset: query.offset,
      locale: resolveReadLocale(query.locale),
    });
    return listResult(url.toString(), items, { limit: query.limit, offset: query.offset, total });
  }),
});
