import { getDb } from "@/db/client";
import { parseLibraryParams } from "@/lib/library/query";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { listViewerWorkouts } from "@/server/services/pages/library";

// GET /api/library/{orgId}/workouts – the public workout grid's next pages and filtered views (same query keys as the page)
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const { filters, locale, offset } = parseLibraryParams(url.searchParams);
  return json(await listViewerWorkouts(getDb(), viewer, { filters, locale, offset }));
});
