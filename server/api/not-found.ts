import { directRoute } from "@/server/http/direct-request";
import { corsHeaders } from "./cors";
import { ApiError, errorResponse } from "@/server/core/errors";

/** 404 in the error envelope, for paths that do not exist (never Next's HTML page). */
export const notFoundRoute = directRoute(async function notFoundRoute(req) {
  return errorResponse(new ApiError({ code: "NotFound", message: `No operation exists at ${new URL(req.url).pathname}.` }), corsHeaders(req.headers.get("origin")));
});
