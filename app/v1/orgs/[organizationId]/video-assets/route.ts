import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { listOrganizationVideoAssets as op } from "@/server/api/operations/video-assets";
import { listResult } from "@/server/api/pagination";
import { methods, route } from "@/server/api/route";
import { listVideoAssets } from "@/server/services/content/list-video-assets";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/video-assets – workspace exercise videos, filtered in SQL
  GET: route(op, async ({ params, query, url }) => {
    const locale = query.locale === undefined ? undefined : resolveReadLocale(query.locale);
    const { data, total } = await listVideoAssets(getDb(), params.organizationId, { ...query, locale });
    return listResult(url.toString(), data, { limit: query.limit, offset: query.offset, total });
  }),
});
