import { getDb } from "@/db/client";
import { castBody, castSessionParam, castToken, memberCookieOf } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { CastStartBody, castPageStart } from "@/server/services/pages/cast-page";

// POST /api/cast/{sessionId}/start – the controller starts the loaded workout (optionally as the signed-in member)
export const POST = pageRoute(async ({ req, params }) =>
  json(await castPageStart(getDb(), castToken(req), castSessionParam(params), await castBody(req, CastStartBody, "CastStartBody"), memberCookieOf(req)), 201),
);
