import { SignJWT, jwtVerify } from "jose";
import type { Db } from "@/db/client";
import { badRequest, unauthorized } from "@/server/core/errors";
import { verifyAccessToken } from "@/server/core/access-tokens";
import { installationSecret } from "@/server/secrets";
import { resolveEndUserOrThrow } from "@/server/services/members/resolve-end-user";

/**
 * Member sign-in on the hosted grids. A partner app that holds a member access token (the
 * Bearer token of the API) opens `/workouts?orgId=...#memberToken=<token>`: the fragment never
 * reaches a server, a log or a Referer; the page posts it once to /api/member/session, which
 * checks it and answers with this page session in an HTTP-only, SameSite=Lax cookie, then the
 * page reloads without the fragment. The cookie is not an API credential: it is signed with its
 * own installation secret and audience, names one member of one organization, and lives
 * PAGE_SESSION_SECONDS.
 */

export const MEMBER_COOKIE = "forma_member";
export const PAGE_SESSION_SECONDS = 12 * 3600;
const ISSUER = "forma";
const AUDIENCE = "forma-pages";

export interface MemberSession {
  endUserId: string;
  organizationId: string;
}

async function secretKey(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await installationSecret(db, "member-page-session", undefined));
}

/**
 * Exchanges a member access token for a page session. 401 for an invalid or expired token, 400
 * when it belongs to another organization than the page's, 404 for a member that is no longer
 * active.
 */
export async function openMemberSession(db: Db, args: { accessToken: string; organizationId?: string }): Promise<{ cookie: string; session: MemberSession }> {
  const member = await verifyAccessToken(args.accessToken);
  if (!member) throw unauthorized("The sign-in link has expired or is not valid.");
  if (args.organizationId && args.organizationId !== member.organizationId) throw badRequest("This sign-in link belongs to another organization.", "orgId");
  await resolveEndUserOrThrow(db, member.organizationId, member.endUserId);
  const cookie = await new SignJWT({ org: member.organizationId, typ: "member-page" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(member.endUserId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${PAGE_SESSION_SECONDS}s`)
    .sign(await secretKey(db));
  return { cookie, session: member };
}

/** The page session in a cookie value, or null (missing, forged, expired). */
export async function readMemberSession(db: Db, cookie: string | undefined | null): Promise<MemberSession | null> {
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, await secretKey(db), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (payload.typ !== "member-page" || typeof payload.sub !== "string" || typeof payload.org !== "string") return null;
    return { endUserId: payload.sub, organizationId: payload.org };
  } catch {
    return null;
  }
}

/** The Set-Cookie value that stores (or, with null, clears) the page session. */
export function memberCookieHeader(value: string | null, secure: boolean): string {
  const parts = [`${MEMBER_COOKIE}=${value ?? ""}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${value ? PAGE_SESSION_SECONDS : 0}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
