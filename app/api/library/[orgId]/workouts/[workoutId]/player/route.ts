import { getDb } from "@/db/client";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { getViewerPlayer } from "@/server/services/pages/player";

// GET /api/library/{orgId}/workouts/{workoutId}/player – detail, playlist and music of a workout the viewer may play
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const planId = url.searchParams.get("planId");
  return json(
    await getViewerPlayer(getDb(), viewer, hexParam(params.workoutId, "workoutId"), {
      planId: planId ? hexParam(planId, "planId") : undefined,
      locale: url.searchParams.get("locale"),
    }),
  );
});
