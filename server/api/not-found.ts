import { corsHeaders } from "./cors";
import { ApiError, errorResponse } from "@/server/core/errors";

/** 404 in the error envelope, for paths that do not exist (never Next's HTML page). */
export async function notFoundRoute(req: Request): Promise<Response> {
  return errorResponse(
    new ApiError({ code: "NotFound", message: `No operation exists at ${new URL(req.url).pathname}.` }),
    corsHeaders(req.headers.get("origin")),
  );
}
