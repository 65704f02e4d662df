import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { listMusicPools } from "@/server/services/content/workspace-library";

// GET /api/console/orgs/{organizationId}/music-pools – the workspace's music pools
export const GET = consoleRoute({ params: OrgParams, name: "ListMusicPools" }, ({ params }) => listMusicPools(getDb(), params.organizationId));
