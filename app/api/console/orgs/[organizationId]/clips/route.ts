import { getDb } from "@/db/client";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { ClipQuery, listPickableClips } from "@/server/services/content/workspace-library";

// GET /api/console/orgs/{organizationId}/clips – clips the playlist builder can add (workspace or stock catalog)
export const GET = withTrainer({ params: OrgParams, query: ClipQuery, name: "ListClips" }, ({ params, query }) => listPickableClips(getDb(), params.organizationId, query));
