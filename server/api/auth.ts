import { type ApiKeyRecord, findApiKeyByHash, touchApiKey } from "@/db/queries/api-keys";
import { type OrganizationLimits, findOrganizationLimits } from "@/db/queries/organizations";
import { getDb } from "@/db/client";
import { badRequest, forbidden, notFound, unauthorized } from "./errors";
import { API_KEY_PATTERN, hashApiKey } from "./keys";
import { log } from "./log";
import type { AuthScheme } from "./operation";
import { verifyAccessToken } from "./tokens";

/**
 * Who is calling: an API key (team-scoped or multi-organization), optionally with a member
 * Bearer token that names the end user. Content-only keys never get this far (401).
 */
export class Caller {
  constructor(
    readonly apiKey: ApiKeyRecord | null,
    readonly member: { endUserId: string; organizationId: string } | null,
    readonly limits: OrganizationLimits,
  ) {}

  /** The rate-limit subject: the key, or the member for Bearer-only calls. */
  get rateLimitSubject(): string {
    return this.apiKey ? `key:${this.apiKey.id}` : `member:${this.member!.endUserId}`;
  }

  get isMultiOrganization(): boolean {
    return this.apiKey?.kind === "multi";
  }

  canAccess(organizationId: string): boolean {
    if (this.apiKey) return this.apiKey.organizationIds.includes(organizationId);
    return this.member?.organizationId === organizationId;
  }

  /** 403 unless this caller may act for the organization that owns a resource. */
  assertOrganization(organizationId: string): void {
    if (!this.canAccess(organizationId)) throw forbidden();
  }

  /**
   * The organization a call acts for when the path does not name one: a team key's own,
   * the member token's, or the `organizationId` a multi-organization key must send.
   */
  resolveOrganizationId(explicit: string | undefined, target: string): string {
    if (this.member && !this.apiKey) {
      if (explicit && explicit !== this.member.organizationId) throw forbidden();
      return this.member.organizationId;
    }
    if (explicit) {
      this.assertOrganization(explicit);
      return explicit;
    }
    if (this.isMultiOrganization) throw badRequest("organizationId is required for keys that span several organizations.", target);
    return this.apiKey!.organizationId;
  }
}

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

/** Forget cached keys and organizations (tests that change plans or revoke keys). */
export function clearAuthCaches(): void {
  keyCache.clear();
  orgCache.clear();
}

export async function organizationLimits(organizationId: string): Promise<OrganizationLimits | null> {
  const hit = cached(orgCache, organizationId);
  if (hit !== undefined) return hit;
  const row = await findOrganizationLimits(getDb(), organizationId);
  remember(orgCache, organizationId, row, row ? KEY_TTL_MS : NEGATIVE_TTL_MS);
  return row;
}

async function lookupKey(raw: string): Promise<ApiKeyRecord | null> {
  const hash = hashApiKey(raw);
  let record = cached(keyCache, hash);
  if (record === undefined) {
    record = await findApiKeyByHash(getDb(), hash);
    remember(keyCache, hash, record, record ? KEY_TTL_MS : NEGATIVE_TTL_MS);
  }
  if (record) {
    // last-used is informational: write it at most once a minute per key, off the request path.
    const now = Date.now();
    if ((lastTouched.get(record.id) ?? 0) < now - 60_000) {
      lastTouched.set(record.id, now);
      touchApiKey(getDb(), record.id).catch((err) => log("warn", "could not record key use", { err: String(err) }));
    }
  }
  return record;
}

/** Authenticates a request against the schemes its operation accepts. */
export async function authenticate(req: Request, schemes: AuthScheme[]): Promise<Caller> {
  const rawKey = req.headers.get("x-api-key");
  const authz = req.headers.get("authorization");
  const bearer = schemes.includes("AccessToken") && authz?.toLowerCase().startsWith("bearer ") ? authz.slice(7).trim() : null;

  let apiKey: ApiKeyRecord | null = null;
  if (rawKey !== null) {
    if (!API_KEY_PATTERN.test(rawKey)) throw unauthorized("The API key is malformed.");
    apiKey = await lookupKey(rawKey);
    if (!apiKey) throw unauthorized("The API key is not valid.");
    if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= Date.now()) throw unauthorized("The API key has expired.");
    if (apiKey.kind === "content") throw unauthorized("Content-only keys cannot call the API.");
  }

  let member: { endUserId: string; organizationId: string } | null = null;
  if (bearer) {
    member = await verifyAccessToken(bearer);
    if (!member) throw unauthorized("The access token is not valid or has expired.");
    if (apiKey && !apiKey.organizationIds.includes(member.organizationId)) throw forbidden("The access token belongs to another organization.");
  }

  if (!apiKey && !member) {
    throw unauthorized(schemes.includes("AccessToken") ? "Send an X-Api-Key header or a Bearer access token." : "A valid API key is required (X-Api-Key header).");
  }

  const limitsOrg = apiKey ? apiKey.organizationId : member!.organizationId;
  const limits = await organizationLimits(limitsOrg);
  if (!limits) throw unauthorized("The credentials belong to an organization that no longer exists.");
  return new Caller(apiKey, member, limits);
}

/** 404 for an organization that does not exist, 403 for one this caller may not use. */
export async function assertOrganizationAccess(caller: Caller, organizationId: string): Promise<OrganizationLimits> {
  const org = await organizationLimits(organizationId);
  if (!org) throw notFound("Organization not found.");
  caller.assertOrganization(organizationId);
  return org;
}

