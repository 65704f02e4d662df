import { getDb } from "@/db/client";
import { castBody, memberCookieOf } from "@/server/http/cast-page-route";
import { json, pageRoute } from "@/server/routes/page-route";
import { CastJoinBody, joinCastFromPage } from "@/server/services/pages/cast-page";

// POST /api/cast/join – the phone controller joins from the QR (sessionId, code, deviceId)
export const POST = pageRoute(async ({ req }) => json(await joinCastFromPage(getDb(), await castBody(req, CastJoinBody, "CastJoinBody"), memberCookieOf(req))));
