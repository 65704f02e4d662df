import { getDb } from "@/db/client";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { getViewerPlan } from "@/server/services/pages/library";

// GET /api/library/{orgId}/plans/{planId} – a plan the viewer may open, its workouts by week and day
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  return json(await getViewerPlan(getDb(), viewer, hexParam(params.planId, "planId"), url.searchParams.get("locale")));
});
