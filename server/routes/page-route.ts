import { getDb } from "@/db/client";
import { ApiError, badRequest, thrownErrorResponse } from "@/server/core/errors";
import { type NextContext, checkedParams, checkedQuery, parseJsonBytes, readBody } from "./request-input";
import { assertSameOrigin } from "@/server/http/same-origin";
import { MEMBER_COOKIE } from "@/server/services/pages/member-sign-in";
import { type Viewer, viewerFor } from "@/server/services/pages/viewer";

/**
 * The hosted pages' internal routes (/api/library/..., /api/member/...): same-origin JSON for the
 * grids' client components, which have no API key. They answer the API's error envelope, never
 * cache (answers can depend on the member cookie), and refuse cross-site writes: a POST must come
 * from this origin (Origin header) and, unless it is a plain form, carry JSON.
 */


export interface PageRouteContext {
  req: Request;
  url: URL;
  params: Record<string, string>;
}

const NO_STORE = { "cache-control": "private, no-store", vary: "Cookie" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE, ...headers } });
}

/** The value of one cookie in a request. */
export function cookieValue(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

/** Unsafe methods must come from a page of this origin (server/http/same-origin.ts) and, but for DELETE, carry JSON (or a plain form where allowed). */
function assertPageWrite(req: Request, allowForm: boolean): void {
  assertSameOrigin(req, { originRequired: false, refusal: "Cross-site requests are not accepted." });
  if (req.method === "DELETE") return;
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const form = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !(allowForm && form)) {
    throw new ApiError({ code: "UnsupportedMediaType", message: "Send a JSON body (content-type: application/json)." });
  }
}

export function pageRoute(handler: (ctx: PageRouteContext) => Promise<Response>, opts: { allowForm?: boolean } = {}) {
  return async (req: Request, ctx: NextContext): Promise<Response> => {
    try {
      const url = new URL(req.url);
      if (req.method !== "GET" && req.method !== "HEAD") assertPageWrite(req, opts.allowForm ?? false);
      // Path and query text is checked as the API checks it (NUL, invalid UTF-8: 400), before any handler reads it.
      checkedQuery(url.search, "PageQuery");
      const raw = checkedParams((await ctx.params) ?? {}, "PageParams");
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      return await handler({ req, url, params });
    } catch (err) {
      return thrownErrorResponse(err, NO_STORE, "page route failed");
    }
  };
}

const HEX = /^[0-9a-fA-F]{24}$/;

/** A 24-hex path id, lower-cased (400 otherwise). */
export function hexParam(value: string | undefined, name: string): string {
  if (!value || !HEX.test(value)) throw badRequest(`${name} must be a 24-character hexadecimal id.`, name);
  return value.toLowerCase();
}

/** The viewer of an internal route: the organization in the path and the member cookie. */
export function routeViewer(req: Request, organizationId: string): Promise<Viewer> {
  return viewerFor(getDb(), organizationId, cookieValue(req, MEMBER_COOKIE));
}

/** A JSON body read as the API reads one (413, 415, 400 for malformed JSON or unacceptable text). */
export async function readJson(req: Request): Promise<unknown> {
  return parseJsonBytes(await readBody(req), req.headers.get("content-type"), "Body");
}
