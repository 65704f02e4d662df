import { getDb } from "@/db/client";
import { castSessionParam, castToken } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { castPagePlayer } from "@/server/services/pages/cast-page";

// GET /api/cast/{sessionId}/player – detail, playlist and music of the workout loaded on the session (x-cast-token)
export const GET = pageRoute(async ({ req, url, params }) =>
  json(await castPagePlayer(getDb(), castToken(req), castSessionParam(params), url.searchParams.get("locale"))),
);
