import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import type { Db } from "@/db/client";
import { findCastSession } from "@/db/queries/cast";
import { forbidden, notFound, unauthorized } from "@/server/api/errors";
import { resolveReadLocale } from "@/server/api/locale";
import { installationSecret } from "@/server/secrets";
import { controlCastWorkout } from "@/server/services/cast/control-workout";
import { createCastSession } from "@/server/services/cast/create-session";
import { disconnectCastDevice } from "@/server/services/cast/disconnect-device";
import { getCastStatus } from "@/server/services/cast/get-session";
import { joinCastSession } from "@/server/services/cast/join-session";
import { loadCastWorkout } from "@/server/services/cast/load-workout";
import { SESSION_NOT_FOUND } from "@/server/services/cast/session-access";
import { startCastWorkout } from "@/server/services/cast/start-workout";
import { CONTROL_ACTIONS } from "@/server/services/cast/state-machine";
import { findReadableWorkout } from "@/server/services/content/get-workout";
import { playerData } from "./player";
import { type Viewer, asPageNotFound, resolveViewer, viewerFor, viewerMayPlay } from "./viewer";

/**
 * The cast display (`/cast?orgId=`) and the phone controller (`/cast?sessionId=&code=`) are hosted
 * pages: they hold no API key. They act through the cast services with the organization's
 * PageCaller (viewer.ts), like the grids, and carry a cast page token: an HS256 JWT for ONE
 * session and one role (display, or controller with its device), signed with its own installation
 * secret and audience, expiring with the session. It is a capability for that session only, never
 * an API credential; the pages keep it in memory and send it in the `x-cast-token` header (and in
 * the Socket.IO handshake as `auth.castToken`), never in a URL.
 */

const ISSUER = "forma";
const AUDIENCE = "forma-cast-page";

export interface CastPageClaims {
  sessionId: string;
  organizationId: string;
  role: "display" | "controller";
  deviceId?: string;
}

async function secretKey(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await installationSecret(db, "cast-page-token", undefined));
}

async function signToken(db: Db, claims: CastPageClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ org: claims.organizationId, role: claims.role, ...(claims.deviceId ? { dev: claims.deviceId } : {}), typ: "cast-page" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await secretKey(db));
}

/** The claims of a cast page token, or null (missing, forged, expired, another kind of token). */
export async function readCastPageToken(db: Db, token: string | null | undefined): Promise<CastPageClaims | null> {
  if (!token) return null;
  try {
    const { payload: p } = await jwtVerify(token, await secretKey(db), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (p.typ !== "cast-page" || typeof p.sub !== "string" || typeof p.org !== "string") return null;
    if (p.role === "display") return { sessionId: p.sub, organizationId: p.org, role: "display" };
    if (p.role === "controller" && typeof p.dev === "string") return { sessionId: p.sub, organizationId: p.org, role: "controller", deviceId: p.dev };
    return null;
  } catch {
    return null;
  }
}

/** 401 without a valid token, 403 for a token of another session or (when `role` is given) another role. */
async function requireToken(db: Db, token: string | null, sessionId: string, role?: CastPageClaims["role"]): Promise<CastPageClaims> {
  const claims = await readCastPageToken(db, token);
  if (!claims) throw unauthorized("A valid cast page token is required (x-cast-token): open the cast page again.");
  if (claims.sessionId !== sessionId) throw forbidden("This cast page token is for another session.");
  if (role && claims.role !== role) throw forbidden(`Only the ${role} may do this.`);
  return claims;
}

/** Display: a new pairing session of the organization (404 for an unknown one) and the display's token. */
export async function openCastDisplay(db: Db, organizationId: string, opts: { linkBase?: string } = {}) {
  const viewer = await resolveViewer(db, organizationId, null);
  const session = await createCastSession(db, viewer.caller, {}, "CastDisplay", opts);
  const token = await signToken(db, { sessionId: session.id, organizationId, role: "display" }, new Date(session.expiresAt));
  return { session, organizationName: viewer.organizationName, token };
}

export const CastJoinBody = z.strictObject({
  sessionId: z.string().regex(/^[0-9a-fA-F]{24}$/, "must be a 24-character hexadecimal id"),
  code: z.string().regex(/^\d{6}$/, "must be the 6-digit code"),
  deviceId: z.string().trim().min(1).max(128),
});

/**
 * Controller: joins from the QR (the same answers as POST /v1/cast/pairing/join: a wrong code is
 * 404 like an unknown session, an ended one 410), as the organization's page, with the member
 * signed in on the hosted pages if any; returns the controller's token.
 */
export async function joinCastFromPage(db: Db, input: z.output<typeof CastJoinBody>, memberCookie: string | null) {
  const sessionId = input.sessionId.toLowerCase();
  const row = await findCastSession(db, sessionId);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  const viewer = await viewerFor(db, row.organizationId, memberCookie);
  const pairing = await joinCastSession(db, viewer.caller, { sessionId, code: input.code, deviceId: input.deviceId });
  const token = await signToken(db, { sessionId, organizationId: row.organizationId, role: "controller", deviceId: input.deviceId }, new Date(pairing.expiresAt));
  return {
    pairing,
    token,
    organizationName: viewer.organizationName,
    member: viewer.member ? { name: viewer.member.name, email: viewer.member.email } : null,
  };
}

/** The page's viewer for a token's session (the member cookie counts for the controller only). */
async function pageViewer(db: Db, claims: CastPageClaims, memberCookie: string | null): Promise<Viewer> {
  return claims.role === "controller" ? viewerFor(db, claims.organizationId, memberCookie) : resolveViewer(db, claims.organizationId, null);
}

/** Status, for the display and the controller (410 once the session ended). */
export async function castPageStatus(db: Db, token: string | null, sessionId: string) {
  const claims = await requireToken(db, token, sessionId);
  return getCastStatus(db, (await pageViewer(db, claims, null)).caller, sessionId);
}

/**
 * The display's player data for the workout loaded on its session (detail, playlist, music, as
 * /v1 renders them). The session decides what the display plays: a member's private workout loaded
 * from their phone plays on the TV without the TV signing in.
 */
export async function castPagePlayer(db: Db, token: string | null, sessionId: string, locale: string | null) {
  const claims = await requireToken(db, token, sessionId);
  const viewer = await pageViewer(db, claims, null);
  const status = await getCastStatus(db, viewer.caller, sessionId);
  if (!status.workout) throw notFound("No workout is loaded on this cast session.");
  return playerData(db, viewer.caller, status.workout.id, resolveReadLocale(locale ?? status.workout.locale));
}

export const CastLoadBody = z.strictObject({
  workoutId: z.string().regex(/^[0-9a-fA-F]{24}$/, "must be a 24-character hexadecimal id"),
  locale: z.string().max(35).optional(),
});

/** Controller: loads a workout the phone's viewer may play (public, or assigned to the signed-in member); others are 404. */
export async function castPageLoad(db: Db, token: string | null, sessionId: string, body: z.output<typeof CastLoadBody>, memberCookie: string | null) {
  const claims = await requireToken(db, token, sessionId, "controller");
  const viewer = await pageViewer(db, claims, memberCookie);
  const workoutId = body.workoutId.toLowerCase();
  const row = await asPageNotFound(findReadableWorkout(db, viewer.caller, workoutId), "Workout not found.");
  if (!(await viewerMayPlay(db, viewer, row))) throw notFound("Workout not found.");
  return loadCastWorkout(db, viewer.caller, sessionId, { workoutId, locale: resolveReadLocale(body.locale) });
}

export const CastStartBody = z.strictObject({ asMember: z.boolean().default(false) });

/**
 * Controller: starts the loaded workout, anonymous or (asMember) attributed to the member signed in
 * on the hosted pages; asMember without a signed-in member of this organization is 401.
 */
export async function castPageStart(db: Db, token: string | null, sessionId: string, body: z.output<typeof CastStartBody>, memberCookie: string | null) {
  const claims = await requireToken(db, token, sessionId, "controller");
  const viewer = await pageViewer(db, claims, memberCookie);
  if (body.asMember && !viewer.member) throw unauthorized("Sign in as a member on this organization's library first, or start without a member.");
  return startCastWorkout(db, viewer.caller, sessionId, body.asMember ? { endUserId: viewer.member!.endUserId } : {}, "CastStart");
}

export const CastControlBody = z.strictObject({ action: z.enum(CONTROL_ACTIONS) });

/** Controller: one control action (the state machine's answers: 409 for a move the state refuses). */
export async function castPageControl(db: Db, token: string | null, sessionId: string, body: z.output<typeof CastControlBody>) {
  const claims = await requireToken(db, token, sessionId, "controller");
  return controlCastWorkout(db, (await pageViewer(db, claims, null)).caller, sessionId, body.action);
}

/** Controller: unpairs this phone; playback keeps running on the display. */
export async function castPageDisconnect(db: Db, token: string | null, sessionId: string) {
  const claims = await requireToken(db, token, sessionId, "controller");
  return disconnectCastDevice(db, (await pageViewer(db, claims, null)).caller, sessionId, { deviceId: claims.deviceId });
}
