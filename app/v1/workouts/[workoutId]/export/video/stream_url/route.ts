import { getDb } from "@/db/client";
import { getVideoExportStreamUrl as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getExportUrl } from "@/server/services/content/get-export-url";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/export/video/stream_url – presigned URL of the rendered video (text/plain)
  GET: apiRoute(op, async ({ params, query, caller }) => getExportUrl(getDb(), caller, params.workoutId, "video", query.locale)),
});
