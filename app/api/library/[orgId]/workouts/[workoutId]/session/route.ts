import { getDb } from "@/db/client";
import { parseOrThrow } from "@/server/core/validation";
import { hexParam, json, pageRoute, readJson, routeViewer } from "@/server/routes/page-route";
import { MemberSessionBody, recordMemberSession } from "@/server/services/pages/member-sessions";

// POST /api/library/{orgId}/workouts/{workoutId}/session – the signed-in member's session moves (start, patch, end, complete, feedback)
export const POST = pageRoute(async ({ req, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const body = parseOrThrow(MemberSessionBody, await readJson(req), "MemberSessionBody");
  const result = await recordMemberSession(getDb(), viewer, hexParam(params.workoutId, "workoutId"), body);
  return json(result, body.action === "start" ? 201 : 200);
});
