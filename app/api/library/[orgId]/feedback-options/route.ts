import { getDb } from "@/db/client";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { memberFeedbackOptions } from "@/server/services/pages/member-sessions";

// GET /api/library/{orgId}/feedback-options – rating and difficulty options for the signed-in member's feedback form
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  return json(await memberFeedbackOptions(getDb(), viewer, url.searchParams.get("locale")));
});
