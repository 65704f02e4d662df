import { getDb } from "@/db/client";
import { ApiError, badRequest } from "@/server/core/errors";
import { publicBaseUrl } from "@/server/env";
import { memberCookieHeader, openMemberSession } from "@/server/services/pages/member-sign-in";
import { json, readJson } from "@/server/routes/page-route";
import { safeNext } from "./safe-next";

/**
 * Sign-in and sign-out of the hosted grids (see server/services/pages/member-sign-in.ts): JSON
 * from the pages' script, or a plain form post from the no-JavaScript sign-in page, which is
 * answered with a redirect back to the grid.
 */

const secure = (url: URL) => url.protocol === "https:" || publicBaseUrl().startsWith("https:");


async function fields(req: Request): Promise<{ form: boolean; token: string; orgId?: string; next?: string }> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const f = new URLSearchParams(await req.text());
    return { form: true, token: f.get("token")?.trim() ?? "", orgId: f.get("orgId") ?? undefined, next: f.get("next") ?? undefined };
  }
  const body = (await readJson(req)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || typeof body.token !== "string") throw badRequest("token is required.", "token");
  return { form: false, token: body.token.trim(), orgId: typeof body.orgId === "string" ? body.orgId : undefined };
}

export async function signIn(req: Request, url: URL): Promise<Response> {
  const f = await fields(req);
  const grid = f.orgId ? `/workouts?orgId=${encodeURIComponent(f.orgId)}` : "/";
  try {
    if (!f.token) throw badRequest("token is required.", "token");
    const { cookie, session } = await openMemberSession(getDb(), { accessToken: f.token, organizationId: f.orgId || undefined });
    const setCookie = memberCookieHeader(cookie, secure(url));
    if (f.form) return new Response(null, { status: 303, headers: { location: safeNext(f.next, grid), "set-cookie": setCookie, "cache-control": "no-store" } });
    return json({ data: { signedIn: true, organizationId: session.organizationId } }, 200, { "set-cookie": setCookie });
  } catch (err) {
    if (!f.form || !(err instanceof ApiError)) throw err;
    const back = new URL("/sign-in", url);
    if (f.orgId) back.searchParams.set("orgId", f.orgId);
    back.searchParams.set("error", err.status === 401 ? "expired" : "refused");
    return new Response(null, { status: 303, headers: { location: back.pathname + back.search, "cache-control": "no-store" } });
  }
}

export async function signOut(req: Request, url: URL): Promise<Response> {
  const clear = memberCookieHeader(null, secure(url));
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const f = new URLSearchParams(await req.text());
    return new Response(null, { status: 303, headers: { location: safeNext(f.get("next"), "/"), "set-cookie": clear, "cache-control": "no-store" } });
  }
  return json({ data: { signedIn: false } }, 200, { "set-cookie": clear });
}
