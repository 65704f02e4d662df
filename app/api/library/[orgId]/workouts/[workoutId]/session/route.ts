import { getDb } from "@/db/client";
import { issuesToDetails } from "@/server/api/route";
import { validationError } from "@/server/core/errors";
import { hexParam, json, pageRoute, readJson, routeViewer } from "@/server/http/page-route";
import { MemberSessionBody, recordMemberSession } from "@/server/services/pages/member-sessions";

// POST /api/library/{orgId}/workouts/{workoutId}/session – the signed-in member's session moves (start, patch, end, complete, feedback)
export const POST = pageRoute(async ({ req, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const parsed = MemberSessionBody.safeParse(await readJson(req));
  if (!parsed.success) throw validationError("MemberSessionBody", issuesToDetails(parsed.error.issues));
  const result = await recordMemberSession(getDb(), viewer, hexParam(params.workoutId, "workoutId"), parsed.data);
  return json(result, parsed.data.action === "start" ? 201 : 200);
});
