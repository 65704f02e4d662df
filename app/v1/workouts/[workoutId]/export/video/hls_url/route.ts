import { getDb } from "@/db/client";
import { getVideoExportHlsUrl as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getExportHlsUrl } from "@/server/services/content/get-export-url";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/export/video/hls_url – presigned URL of the export's HLS master playlist (text/plain)
  GET: apiRoute(op, async ({ params, query, caller }) => getExportHlsUrl(getDb(), caller, params.workoutId, query.locale)),
});
