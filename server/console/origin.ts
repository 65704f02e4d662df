import { forbidden } from "@/server/core/errors";
import { isSameOrigin } from "@/server/http/same-origin";

/**
 * CSRF protection for the console's mutations, next to SameSite=Lax session cookies: a request
 * that changes anything must come from a page of this service (server/http/same-origin.ts).
 * Browsers send `Origin` on every non-GET fetch and form post; `Referer` is the fallback for the
 * rare client that omits it; neither means refused.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (isSameOrigin(req, origin)) return;
    throw forbidden("Cross-site request refused: this request did not come from the console.");
  }
  const referer = req.headers.get("referer");
  if (referer) {
    try {
      if (isSameOrigin(req, new URL(referer).origin)) return;
    } catch {
      /* fall through */
    }
  }
  throw forbidden("Cross-site request refused: the request names no origin.");
}

export const isMutation = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
