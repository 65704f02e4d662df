import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { listFailedDropsWithReasons } from "@/server/services/drops/get-drop";

// GET /api/console/orgs/{organizationId}/social/drop-failures – the latest failed drops with their reasons
export const GET = consoleRoute({ params: OrgParams, name: "ListFailedDrops" }, async ({ params }) => ({
  data: await listFailedDropsWithReasons(getDb(), params.organizationId),
}));
