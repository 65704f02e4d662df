import { getDb } from "@/db/client";
import { castSessionParam, castToken } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { castPageStatus } from "@/server/services/pages/cast-page";

// GET /api/cast/{sessionId}/status – the session's status for the display or its controller (x-cast-token)
export const GET = pageRoute(async ({ req, params }) => json(await castPageStatus(getDb(), castToken(req), castSessionParam(params))));
