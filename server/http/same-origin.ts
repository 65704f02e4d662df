import { forbidden } from "@/server/core/errors";
import { env, publicBaseUrl } from "@/server/env";

/**
 * Where a browser request came from, checked one way for the console's mutations and the hosted
 * pages' writes (the cast display among them). A request is same-origin when its `Origin` is the
 * address the browser reached this service at (the `Host` it sent; `X-Forwarded-Host` and
 * `X-Forwarded-Proto` only with TRUST_PROXY, since anyone can send them) or PUBLIC_BASE_URL. So a TV
 * that opened `http://192.168.1.20:3000/cast` on a default install is served, and a page of another
 * site is not: its Origin is its own.
 */

/** The origin the client addressed, or null when the request names no host. */
export function requestOrigin(req: Request): string | null {
  const trusted = env().TRUST_PROXY;
  const first = (v: string | null) => v?.split(",")[0]?.trim() || null;
  const host = (trusted ? first(req.headers.get("x-forwarded-host")) : null) ?? req.headers.get("host");
  if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return null;
  const forwardedProto = trusted ? first(req.headers.get("x-forwarded-proto")) : null;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : new URL(req.url).protocol.replace(":", "");
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** True when `origin` (an Origin header, or a Referer's origin) is this service as the client reached it, or PUBLIC_BASE_URL. */
export function isSameOrigin(req: Request, origin: string): boolean {
  return origin === new URL(publicBaseUrl()).origin || origin === requestOrigin(req);
}

/** True when the request's Referer names a page of this service. */
function refererIsSameOrigin(req: Request): boolean {
  const referer = req.headers.get("referer");
  if (!referer) return false;
  try {
    return isSameOrigin(req, new URL(referer).origin);
  } catch {
    return false;
  }
}

/**
 * CSRF protection for a write, the one check of the console's mutations and the hosted pages'
 * writes: 403 `refusal` when the request's `Origin` is another site's. Browsers send `Origin` on
 * every non-GET fetch and form post. Without one, `originRequired` (the console, whose session
 * cookie is a trainer's) falls back to the `Referer` and refuses a request that names neither;
 * otherwise (the hosted pages) the request goes on.
 */
export function assertSameOrigin(req: Request, policy: { originRequired: boolean; refusal: string }): void {
  const origin = req.headers.get("origin");
  if (origin) {
    if (isSameOrigin(req, origin)) return;
    throw forbidden(policy.refusal);
  }
  if (!policy.originRequired || refererIsSameOrigin(req)) return;
  throw forbidden("Cross-site request refused: the request names no origin.");
}

/** Methods that change something: the ones a same-origin check guards. */
export const isMutation = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

/**
 * The base of links made for a page's visitor (the cast display's QR and pairing links):
 * PUBLIC_BASE_URL when it is set, else the address the page was opened at, so a phone scanning the
 * TV's code reaches the same server the TV did.
 */
export function linkBaseFor(req: Request): string {
  if (env().PUBLIC_BASE_URL) return publicBaseUrl();
  return requestOrigin(req) ?? publicBaseUrl();
}
