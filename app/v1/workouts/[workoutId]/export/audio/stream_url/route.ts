import { getDb } from "@/db/client";
import { getAudioExportStreamUrl as op } from "@/server/api/operations/workouts";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getExportUrl } from "@/server/services/content/get-export-url";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/{workoutId}/export/audio/stream_url – presigned URL of the rendered audio (text/plain)
  GET: apiRoute(op, async ({ params, query, caller }) => getExportUrl(getDb(), caller, params.workoutId, "audio", query.locale)),
});
