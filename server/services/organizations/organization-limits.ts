import { onCacheInvalidation } from "@/db/cache-invalidation";
import { getDb } from "@/db/client";
import { type OrganizationLimits, findOrganizationLimits } from "@/db/queries/organizations";
import { TtlCache } from "@/server/core/ttl-cache";

/**
 * An organization's plan and caps (what authentication, rate limits and entitlements read),
 * cached LIMITS_TTL_MS (MISSING_TTL_MS for an unknown organization) and dropped on every instance
 * by NOTIFY when the organization changes, so a changed plan applies on the next request.
 */
const LIMITS_TTL_MS = 30_000;
const MISSING_TTL_MS = 5_000;
const limitsCache = new TtlCache<OrganizationLimits | null>();

onCacheInvalidation((topic, key) => {
  if (topic === "organization") limitsCache.delete(key);
  else if (topic === "*") limitsCache.clear();
});

/** The cached limits without a promise: undefined when not cached (null: cached as unknown). */
export function cachedOrganizationLimits(organizationId: string): OrganizationLimits | null | undefined {
  return limitsCache.get(organizationId);
}

export async function organizationLimits(organizationId: string): Promise<OrganizationLimits | null> {
  const hit = limitsCache.get(organizationId);
  if (hit !== undefined) return hit;
  const row = await findOrganizationLimits(getDb(), organizationId);
  limitsCache.set(organizationId, row, row ? LIMITS_TTL_MS : MISSING_TTL_MS);
  return row;
}

/** Forget every cached organization (tests that change plans). */
export function clearOrganizationLimitsCache(): void {
  limitsCache.clear();
}
