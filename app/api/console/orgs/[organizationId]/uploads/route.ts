import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { CreateUploadInput, createUpload } from "@/server/services/media-uploads/create-upload";
import { UploadListQuery } from "@/server/services/media-uploads/media-library";
import { listUploads } from "@/server/services/media-uploads/receive-chunk";

// GET /api/console/orgs/{organizationId}/uploads – the workspace's uploads with their processing state
export const GET = consoleRoute({ params: OrgParams, query: UploadListQuery, name: "ListUploads" }, ({ params, query }) =>
  listUploads(getDb(), { organizationId: params.organizationId, ...query }),
);

// POST /api/console/orgs/{organizationId}/uploads – open a chunked, resumable upload (clip or instruction audio)
export const POST = consoleRoute({ params: OrgParams, body: CreateUploadInput, name: "CreateUpload", status: 201 }, ({ params, principal, body }) =>
  createUpload(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, input: body }),
);
