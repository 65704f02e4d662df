import type { ApiKeyRecord } from "@/db/queries/api-keys";
import type { ApiRequest } from "@/server/http/direct-request";
import type { OrganizationLimits } from "@/db/queries/organizations";
import { Caller } from "@/server/core/caller";
import { forbidden, notFound, unauthorized } from "@/server/core/errors";
import { API_KEY_PATTERN, hashApiKey } from "@/server/core/api-keys";
import { cachedApiKey, clearApiKeyCache, lookupApiKey, noteApiKeyUse } from "@/server/services/api-keys/key-cache";
import { cachedOrganizationLimits, clearOrganizationLimitsCache, organizationLimits } from "@/server/services/organizations/organization-limits";
import type { AuthScheme } from "./operation";
import type { EmbedScope } from "@/server/core/caller";
import { looksLikeEmbedToken, verifyEmbedToken } from "@/server/services/embed/embed-token";
import { verifyAccessToken } from "@/server/core/access-tokens";
import { countEmbedToken } from "@/server/observability/embed";

/** Forget cached keys and organizations (tests that change plans or revoke keys). */
export function clearAuthCaches(): void {
  clearApiKeyCache();
  clearOrganizationLimitsCache();
}

/**
 * Hashes of well-formed keys seen recently, by the key as sent: a busy key is hashed (and its
 * format checked) once, not on every request. Holds no more than the key cache's bound of keys.
 */
const hashOfKey = new Map<string, string>();

/** The key's hash, or null when it is malformed. */
function keyHash(raw: string): string | null {
  let hash = hashOfKey.get(raw);
  if (hash === undefined) {
    if (!API_KEY_PATTERN.test(raw)) return null;
    hash = hashApiKey(raw);
    if (hashOfKey.size >= 10_000) hashOfKey.clear();
    hashOfKey.set(raw, hash);
  }
  return hash;
}

/**
 * Callers of API keys without a member token, per key record and limits record: both are cached
 * objects replaced when they change, and a Caller holds nothing else, so one serves every request
 * of a key while its records are current.
 */
const keyCallers = new WeakMap<ApiKeyRecord, Caller>();

/**
 * The caller of a request authenticated by a cached API key alone, without a promise: the usual
 * request of a busy key. Null when anything is not cached or not plain (a Bearer token, an
 * unknown, expired or content-only key, a missing organization), for `authenticate` to decide.
 */
function cachedKeyCaller(req: ApiRequest, schemes: AuthScheme[]): Caller | null {
  const rawKey = req.headers.get("x-api-key");
  if (rawKey === null) return null;
  if (schemes.includes("AccessToken") && req.headers.get("authorization") !== null) return null;
  const hash = hashOfKey.get(rawKey);
  if (hash === undefined) return null;
  const apiKey = cachedApiKey(hash);
  if (!apiKey || apiKey.kind === "content" || (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now())) return null;
  const limits = cachedOrganizationLimits(apiKey.organizationId);
  if (!limits) return null;
  noteApiKeyUse(apiKey);
  let caller = keyCallers.get(apiKey);
  if (caller?.limits !== limits) {
    caller = new Caller(apiKey, null, limits);
    keyCallers.set(apiKey, caller);
  }
  return caller;
}

/** Authenticates a request against the schemes its operation accepts (synchronously when all it needs is cached). */
export function authenticate(req: ApiRequest, schemes: AuthScheme[]): Caller | Promise<Caller> {
  return cachedKeyCaller(req, schemes) ?? authenticateFully(req, schemes);
}

async function authenticateFully(req: ApiRequest, schemes: AuthScheme[]): Promise<Caller> {
  const rawKey = req.headers.get("x-api-key");
  const authz = req.headers.get("authorization");
  const bearerScheme = schemes.includes("AccessToken") || schemes.includes("EmbedToken");
  const bearer = bearerScheme && authz?.toLowerCase().startsWith("bearer ") ? authz.slice(7).trim() : null;

  let apiKey: ApiKeyRecord | null = null;
  if (rawKey !== null) {
    const hash = keyHash(rawKey);
    if (hash === null) throw unauthorized("The API key is malformed.");
    apiKey = await lookupApiKey(hash);
    if (!apiKey) throw unauthorized("The API key is not valid.");
    if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now()) throw unauthorized("The API key has expired.");
    if (apiKey.kind === "content") throw unauthorized("Content-only keys cannot call the API.");
  }

  // An embed token (a player's `token=`) stands alone: its scope is checked by the kernel (server/routes/api-route.ts).
  if (bearer && rawKey === null && looksLikeEmbedToken(bearer)) {
    let embed: EmbedScope;
    try {
      embed = await verifyEmbedToken(bearer);
    } catch (err) {
      countEmbedToken("refused");
      throw err;
    }
    const limits = await organizationLimits(embed.organizationId);
    if (!limits) throw unauthorized("The credentials belong to an organization that no longer exists.");
    countEmbedToken("accepted");
    const member = embed.endUserId ? { endUserId: embed.endUserId, organizationId: embed.organizationId } : null;
    return new Caller(null, member, limits, undefined, embed);
  }

  let member: { endUserId: string; organizationId: string } | null = null;
  if (bearer && schemes.includes("AccessToken")) {
    member = await verifyAccessToken(bearer);
    if (!member) throw unauthorized("The access token is not valid or has expired.");
    if (apiKey && !apiKey.organizationIds.includes(member.organizationId)) throw forbidden("The access token belongs to another organization.");
  }

  if (!apiKey && !member) {
    throw unauthorized(missingCredentialsMessage(schemes));
  }

  const limitsOrg = apiKey ? apiKey.organizationId : member!.organizationId;
  const limits = await organizationLimits(limitsOrg);
  if (!limits) throw unauthorized("The credentials belong to an organization that no longer exists.");
  return new Caller(apiKey, member, limits);
}

function missingCredentialsMessage(schemes: AuthScheme[]): string {
  if (schemes.includes("AccessToken")) return "Send an X-Api-Key header or a Bearer access token.";
  if (schemes.includes("EmbedToken")) return "Send an X-Api-Key header or a Bearer embed token.";
  return "A valid API key is required (X-Api-Key header).";
}

/** 404 for an organization that does not exist, 403 for one this caller may not use (no promise when the organization is cached). */
export function assertOrganizationAccess(caller: Caller, organizationId: string): OrganizationLimits | Promise<OrganizationLimits> {
  const hit = cachedOrganizationLimits(organizationId);
  if (hit !== undefined) return orgAccess(caller, organizationId, hit);
  return organizationLimits(organizationId).then((org) => orgAccess(caller, organizationId, org));
}

function orgAccess(caller: Caller, organizationId: string, org: OrganizationLimits | null): OrganizationLimits {
  if (!org) throw notFound("Organization not found.");
  caller.assertOrganization(organizationId);
  return org;
}
