import { getDb } from "@/db/client";
import { parseLibraryParams } from "@/lib/library/query";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { listViewerPlans } from "@/server/services/pages/library";

// GET /api/library/{orgId}/plans – the public plan grid's next pages and filtered views
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const { filters, locale, offset } = parseLibraryParams(url.searchParams);
  return json(await listViewerPlans(getDb(), viewer, { filters, locale, offset }));
});
