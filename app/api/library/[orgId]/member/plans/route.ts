import { getDb } from "@/db/client";
import { parseLibraryParams } from "@/lib/library/query";
import { hexParam, json, pageRoute, routeViewer } from "@/server/routes/page-route";
import { listMemberPlanCards } from "@/server/services/pages/library";

// GET /api/library/{orgId}/member/plans – the signed-in member's library plans, a page of cards (`offset`, `locale`)
export const GET = pageRoute(async ({ req, url, params }) => {
  const viewer = await routeViewer(req, hexParam(params.orgId, "orgId"));
  const { locale, offset } = parseLibraryParams(url.searchParams);
  return json(await listMemberPlanCards(getDb(), viewer, { locale, offset }));
});
