import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getUpload } from "@/server/services/media-uploads/receive-chunk";

const UploadParams = OrgParams.extend({ uploadId: HexId });

// GET /api/console/orgs/{organizationId}/uploads/{uploadId} – an upload's resume point and processing state
export const GET = consoleRoute({ params: UploadParams, name: "GetUpload" }, ({ params }) => getUpload(getDb(), params.organizationId, params.uploadId));
