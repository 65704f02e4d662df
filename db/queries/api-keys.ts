import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type ApiKeyKind, apiKeyOrganizations, apiKeys } from "../schema";

export interface ApiKeyRecord {
  id: string;
  kind: ApiKeyKind;
  organizationId: string;
  organizationIds: string[];
  expiresAt: Date | null;
}

/** Looks a key up by its hash; revoked keys do not exist. */
export async function findApiKeyByHash(db: Tx, hash: string): Promise<ApiKeyRecord | null> {
  const [row] = await db
    .select({ id: apiKeys.id, kind: apiKeys.kind, organizationId: apiKeys.organizationId, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const extra =
    row.kind === "multi"
      ? await db.select({ organizationId: apiKeyOrganizations.organizationId }).from(apiKeyOrganizations).where(eq(apiKeyOrganizations.apiKeyId, row.id))
      : [];
  const organizationIds = [...new Set([row.organizationId, ...extra.map((e) => e.organizationId)])];
  return { ...row, organizationIds };
}

export async function touchApiKey(db: Tx, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

export async function insertApiKey(
  db: Tx,
  args: { organizationId: string; kind: ApiKeyKind; name: string; prefix: string; hash: string; extraOrganizationIds?: string[]; expiresAt?: Date | null },
): Promise<string> {
  const [row] = await db
    .insert(apiKeys)
    .values({ organizationId: args.organizationId, kind: args.kind, name: args.name, prefix: args.prefix, hash: args.hash, expiresAt: args.expiresAt ?? null })
    .returning({ id: apiKeys.id });
  const id = row!.id;
  if (args.extraOrganizationIds?.length) {
    await db.insert(apiKeyOrganizations).values(args.extraOrganizationIds.map((organizationId) => ({ apiKeyId: id, organizationId })));
  }
  return id;
}

/** The organization's own usable keys (team and multi-organization; not revoked), for usage reports. */
export function listUsageReportKeys(db: Tx, organizationId: string) {
  return db
    .select({ id: apiKeys.id, kind: apiKeys.kind, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt), sql`${apiKeys.kind} <> 'content'`))
    .orderBy(apiKeys.createdAt);
}

/** A page of the organization's own keys (revoked ones included, newest first), never their hashes. */
export async function listOrganizationApiKeys(db: Tx, args: { organizationId: string; limit: number; offset: number; includeRevoked: boolean }) {
  const where = and(eq(apiKeys.organizationId, args.organizationId), args.includeRevoked ? undefined : isNull(apiKeys.revokedAt));
  const [rows, total] = await Promise.all([
    db
      .select({
        id: apiKeys.id,
        kind: apiKeys.kind,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(args.limit)
      .offset(args.offset),
    db.$count(apiKeys, where),
  ]);
  return { rows, total };
}

/** Live keys of the organization (usage reads their rate-limit windows). */
export function listLiveOrganizationKeys(db: Tx, organizationId: string) {
  return db
    .select({ id: apiKeys.id, kind: apiKeys.kind, name: apiKeys.name, prefix: apiKeys.prefix, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes a key of the organization; returns its hash (to evict caches), or null when unknown or already revoked. */
export async function revokeOrganizationApiKey(db: Tx, organizationId: string, keyId: string): Promise<string | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .returning({ hash: apiKeys.hash });
  return row?.hash ?? null;
}
