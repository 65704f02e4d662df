import { getDb } from "@/db/client";
import { castBody, castSessionParam, castToken, memberCookieOf } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { CastLoadBody, castPageLoad } from "@/server/services/pages/cast-page";

// POST /api/cast/{sessionId}/workout – the controller loads a workout on the display
export const POST = pageRoute(async ({ req, params }) =>
  json(await castPageLoad(getDb(), castToken(req), castSessionParam(params), await castBody(req, CastLoadBody, "CastLoadBody"), memberCookieOf(req))),
);
