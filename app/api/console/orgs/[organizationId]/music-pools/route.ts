import { getDb } from "@/db/client";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { listMusicPools } from "@/server/services/content/workspace-library";

// GET /api/console/orgs/{organizationId}/music-pools – the workspace's music pools
export const GET = withTrainer({ params: OrgParams, name: "ListMusicPools" }, ({ params }) => listMusicPools(getDb(), params.organizationId));
