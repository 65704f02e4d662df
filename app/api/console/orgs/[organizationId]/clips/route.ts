import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { ClipQuery, listPickableClips } from "@/server/services/content/workspace-library";

// GET /api/console/orgs/{organizationId}/clips – clips the playlist builder can add (workspace or stock catalog)
export const GET = consoleRoute({ params: OrgParams, query: ClipQuery, name: "ListClips" }, ({ params, query }) => listPickableClips(getDb(), params.organizationId, query));
