import type { EmbedScope } from "@/server/core/caller";
import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from "jose";
import { getDb } from "@/db/client";
import { findEmbedTokenScope } from "@/db/queries/embed-tokens";
import { env } from "@/server/env";
import { installationSecret } from "@/server/secrets";
import { forbidden, unauthorized } from "@/server/core/errors";

/**
 * Embed tokens: short-lived HS256 JWTs a partner's server mints (POST /v1/orgs/{organizationId}/embed-tokens)
 * and puts in a player's address (`/embed/workout/{workoutId}?token=`) instead of its API key.
 * Signed with the installation's access-token secret but for another audience (`forma-embed`, `typ: embed`),
 * so neither kind of token passes for the other. The token is never stored: its `jti` names an
 * `embed_tokens` row, read on every use, which is what revocation clears and what scopes the token
 * (its workout, or its plan's workouts, and its member). Claims also carry the allowed origins, so
 * the page's `frame-ancestors` can be set before any database read (server.ts).
 */
const ISSUER = "forma";
const AUDIENCE = "forma-embed";

async function secretKey(): Promise<Uint8Array> {
  const secret = await installationSecret(getDb(), "access-token", env().ACCESS_TOKEN_SECRET);
  return new TextEncoder().encode(secret);
}

export async function signEmbedToken(args: {
  tokenId: string;
  organizationId: string;
  allowedOrigins: string[];
  expiresAt: Date;
  endUserId?: string | null;
}): Promise<string> {
  const jwt = new SignJWT({ org: args.organizationId, typ: "embed", ori: args.allowedOrigins }).setProtectedHeader({ alg: "HS256" });
  // `sub` names the member (informational: the player records sessions only when there is one; the row decides).
  if (args.endUserId) jwt.setSubject(args.endUserId);
  return jwt
    .setJti(args.tokenId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(args.expiresAt.getTime() / 1000))
    .sign(await secretKey());
}

/** True when a Bearer value is an embed token (by its unverified claims: verification follows). */
export function looksLikeEmbedToken(token: string): boolean {
  try {
    const claims = decodeJwt(token);
    return claims.typ === "embed" && claims.aud === AUDIENCE;
  } catch {
    return false;
  }
}

/** What an embed token lets its bearer do. */
export type { EmbedScope };

/** The scope of a valid, unexpired, unrevoked embed token; 401 with the reason otherwise. */
export async function verifyEmbedToken(token: string): Promise<EmbedScope> {
  let jti: string;
  let org: string;
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (payload.typ !== "embed" || typeof payload.jti !== "string" || typeof payload.org !== "string") throw unauthorized("The embed token is not valid.");
    jti = payload.jti;
    org = payload.org;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized("The embed token has expired.");
    if (err instanceof joseErrors.JOSEError) throw unauthorized("The embed token is not valid.");
    throw err;
  }
  const row = await findEmbedTokenScope(getDb(), jti);
  if (!row || row.organizationId !== org) throw unauthorized("The embed token is not valid.");
  if (row.revokedAt) throw unauthorized("The embed token has been revoked.");
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized("The embed token has expired.");
  return { tokenId: row.id, organizationId: row.organizationId, workoutIds: new Set(row.workoutIds), endUserId: row.endUserId };
}

/**
 * The allowed origins of a correctly signed embed token, expired or not (an expired token's page
 * must still be framed by its partner to show why it does not play); null for anything else.
 */
export async function embedTokenOrigins(token: string): Promise<string[] | null> {
  if (token.length > 8192 || !looksLikeEmbedToken(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await secretKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      // Expiry is checked by every API call the player makes; the frame must still show the message.
      currentDate: new Date(0),
    });
    const ori = payload.ori;
    if (!Array.isArray(ori) || !ori.every((o) => typeof o === "string" && isOrigin(o))) return null;
    return ori as string[];
  } catch {
    return null;
  }
}

/** `https://host[:port]` or `http://host[:port]`: what a CSP source and an allowed origin may be. */
export function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^\s/;,'"]+$/i.test(value)) return false;
  try {
    const u = new URL(value);
    return u.origin === value.toLowerCase() || `${u.protocol}//${u.host}` === value.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The operations an embed token may call (exactly those that declare the `EmbedToken` scheme), and
 * whether they need its member. Everything else answers 403: the token plays its content (the
 * playlist's operations and the workout's exports) and records its member's sessions, nothing more.
 */
export const EMBED_OPERATIONS: Readonly<Record<string, { member: boolean }>> = {
  WorkoutsApi_getWorkoutById: { member: false },
  WorkoutsApi_getWorkoutPlaylist: { member: false },
  WorkoutsApi_getWorkoutMusic: { member: false },
  // The workout's rendered exports (the embed's playback=export plays them).
  WorkoutsApi_getVideoExportStreamUrl: { member: false },
  WorkoutsApi_getVideoExportHlsUrl: { member: false },
  WorkoutsApi_getCaptionsExportStreamUrl: { member: false },
  WorkoutsApi_getAudioExportStreamUrl: { member: false },
  WorkoutSessionsApi_startWorkoutSession: { member: true },
  WorkoutSessionsApi_updateWorkoutSession: { member: true },
  WorkoutSessionsApi_getWorkoutSession: { member: true },
  WorkoutSessionsApi_endWorkoutSession: { member: true },
  WorkoutSessionsApi_completeWorkoutSession: { member: true },
  WorkoutSessionsApi_getRecentWorkoutSession: { member: true },
  WorkoutFeedbackApi_getFeedbackOptions: { member: false },
  WorkoutFeedbackApi_submitWorkoutFeedback: { member: true },
};

/** 403 unless an embed token's scope covers this operation and the workout in its path. */
export function assertEmbedScope(scope: EmbedScope, operationId: string, params: unknown): void {
  const allowed = EMBED_OPERATIONS[operationId];
  if (!allowed) throw forbidden("Embed tokens can only play their workout and record its sessions.");
  if (allowed.member && !scope.endUserId) throw forbidden("This embed token names no member, so it records no sessions.");
  const workoutId = (params as { workoutId?: string } | undefined)?.workoutId;
  if (workoutId !== undefined && !scope.workoutIds.has(workoutId)) throw forbidden("This embed token does not play this workout.");
}
