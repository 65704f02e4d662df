import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getWorkspaceUsage } from "@/server/services/api-keys/get-usage";

// GET /api/console/orgs/{organizationId}/usage – each live key's use of the hourly and daily caps (owners)
export const GET = consoleRoute({ params: OrgParams, role: "owner", name: "GetUsage" }, ({ params }) => getWorkspaceUsage(getDb(), params.organizationId));
