import { SignJWT, jwtVerify } from "jose";
import { getDb } from "@/db/client";
import { env } from "@/server/env";
import { installationSecret } from "@/server/secrets";

/** Member access tokens: HS256 JWTs naming one end user of one organization. */
const ISSUER = "forma";
const AUDIENCE = "forma-api";

async function secretKey(): Promise<Uint8Array> {
  const secret = await installationSecret(getDb(), "access-token", env().ACCESS_TOKEN_SECRET);
  return new TextEncoder().encode(secret);
}

export async function issueAccessToken(endUserId: string, organizationId: string, ttlSeconds = 3600): Promise<string> {
  return new SignJWT({ org: organizationId, typ: "member" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(endUserId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await secretKey());
}

export async function verifyAccessToken(token: string): Promise<{ endUserId: string; organizationId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (payload.typ !== "member" || typeof payload.sub !== "string" || typeof payload.org !== "string") return null;
    return { endUserId: payload.sub, organizationId: payload.org };
  } catch {
    return null;
  }
}
