import { getDb } from "@/db/client";
import { listOrganizationVideoAssets as op } from "@/server/api/operations/video-assets";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listVideoAssets } from "@/server/services/content/list-video-assets";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/video-assets – workspace exercise videos, filtered in SQL
  GET: apiRoute(op, async ({ params, query, url }) => listResponse(url, query, await listVideoAssets(getDb(), params.organizationId, query))),
});
