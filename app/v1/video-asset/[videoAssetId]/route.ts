import { getDb } from "@/db/client";
import { getVideoAssetById as op } from "@/server/api/operations/video-assets";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getVideoAsset } from "@/server/services/content/get-video-asset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/video-asset/{videoAssetId} – one exercise's media (workspace or stock) for the JSON player
  GET: apiRoute(op, async ({ params, query, caller }) => ({
    data: await getVideoAsset(getDb(), caller, params.videoAssetId, query.locale),
  })),
});
