import { type ApiKeyRecord, findApiKeyByHash, touchApiKey } from "@/db/queries/api-keys";
import type { ApiRequest } from "@/server/http/direct-request";
import { type OrganizationLimits, findOrganizationLimits } from "@/db/queries/organizations";
import { onCacheInvalidation } from "@/db/cache-invalidation";
import { getDb } from "@/db/client";
import { Caller } from "@/server/core/caller";
import { forbidden, notFound, unauthorized } from "@/server/core/errors";
import { API_KEY_PATTERN, hashApiKey } from "./keys";
import { log } from "@/server/core/log";
import type { AuthScheme } from "./operation";
import type { EmbedScope } from "@/server/core/caller";
import { looksLikeEmbedToken, verifyEmbedToken } from "@/server/services/embed/embed-token";
import { verifyAccessToken } from "./tokens";
import { countEmbedToken } from "@/server/observability/embed";

interface CacheEntry<T> {
  value: T;
  expires: number;
}
const KEY_TTL_MS = 30_000;
const NEGATIVE_TTL_MS = 5_000;
const keyCache = new Map<string, CacheEntry<ApiKeyRecord | null>>();
const orgCache = new Map<string, CacheEntry<OrganizationLimits | null>>();
const lastTouched = new Map<string, number>();

function cached<T>(map: Map<string, CacheEntry<T>>, key: string): T | undefined {
  const hit = map.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  if (hit) map.delete(key);
  return undefined;
}

function remember<T>(map: Map<string, CacheEntry<T>>, key: string, value: T, ttl: number): void {
  if (map.size > 10_000) map.clear();
  map.set(key, { value, expires: Date.now() + ttl });
}

/**
 * Forgets one key at once (the console revokes keys through the same process's module copy, see
 * server/http/direct-dispatch.ts); other instances stop accepting it within KEY_TTL_MS.
 */
export function forgetApiKey(hash: string): void {
  keyCache.delete(hash);
}

/** Forget cached keys and organizations (tests that change plans or revoke keys). */
export function clearAuthCaches(): void {
  keyCache.clear();
  orgCache.clear();
}

// Other instances' and the console's writes: a revoked key or a changed plan applies on the next request.
onCacheInvalidation((topic, key) => {
  if (topic === "api_key") keyCache.delete(key);
  else if (topic === "organization") orgCache.delete(key);
  else if (topic === "*") clearAuthCaches();
});

export async function organizationLimits(organizationId: string): Promise<OrganizationLimits | null> {
  const hit = cached(orgCache, organizationId);
  if (hit !== undefined) return hit;
  const row = await findOrganizationLimits(getDb(), organizationId);
  remember(orgCache, organizationId, row, row ? KEY_TTL_MS : NEGATIVE_TTL_MS);
  return row;
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

async function lookupKey(hash: string): Promise<ApiKeyRecord | null> {
  let record = cached(keyCache, hash);
  if (record === undefined) {
    record = await findApiKeyByHash(getDb(), hash);
    remember(keyCache, hash, record, record ? KEY_TTL_MS : NEGATIVE_TTL_MS);
  }
  if (record) noteKeyUse(record);
  return record;
}

/** last-used is informational: written at most once a minute per key, off the request path. */
function noteKeyUse(record: ApiKeyRecord): void {
  const now = Date.now();
  if ((lastTouched.get(record.id) ?? 0) < now - 60_000) {
    lastTouched.set(record.id, now);
    touchApiKey(getDb(), record.id).catch((err) => log("warn", "could not record key use", { err: String(err) }));
  }
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
  const apiKey = cached(keyCache, hash);
  if (!apiKey || apiKey.kind === "content" || (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now())) return null;
  const limits = cached(orgCache, apiKey.organizationId);
  if (!limits) return null;
  noteKeyUse(apiKey);
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
    apiKey = await lookupKey(hash);
    if (!apiKey) throw unauthorized("The API key is not valid.");
    if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now()) throw unauthorized("The API key has expired.");
    if (apiKey.kind === "content") throw unauthorized("Content-only keys cannot call the API.");
  }

  // An embed token (a player's `token=`) stands alone: its scope is checked by the kernel (route.ts).
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
  const hit = cached(orgCache, organizationId);
  if (hit !== undefined) return orgAccess(caller, organizationId, hit);
  return organizationLimits(organizationId).then((org) => orgAccess(caller, organizationId, org));
}

function orgAccess(caller: Caller, organizationId: string, org: OrganizationLimits | null): OrganizationLimits {
  if (!org) throw notFound("Organization not found.");
  caller.assertOrganization(organizationId);
  return org;
}
