import { getDb } from "@/db/client";
import { getCaptionsExportStreamUrl as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getExportCaptionsUrl } from "@/server/services/content/get-export-url";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/export/captions/stream_url – presigned URL of the export's WebVTT captions (text/plain)
  GET: apiRoute(op, async ({ params, query, caller }) => getExportCaptionsUrl(getDb(), caller, params.workoutId, query.locale)),
});
