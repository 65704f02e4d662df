import { getDb } from "@/db/client";
import { castSessionParam, castToken } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { castPageDisconnect } from "@/server/services/pages/cast-page";

// POST /api/cast/{sessionId}/disconnect – the controller unpairs itself; playback keeps running
export const POST = pageRoute(async ({ req, params }) => json(await castPageDisconnect(getDb(), castToken(req), castSessionParam(params))));
