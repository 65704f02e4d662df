import { getDb } from "@/db/client";
import { castBody, castSessionParam, castToken } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { CastControlBody, castPageControl } from "@/server/services/pages/cast-page";

// POST /api/cast/{sessionId}/control – the controller's control action (play, pause, next, prev, restart, done_exercise, done)
export const POST = pageRoute(async ({ req, params }) =>
  json(await castPageControl(getDb(), castToken(req), castSessionParam(params), await castBody(req, CastControlBody, "CastControlBody"))),
);
