import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "./columns";
import { organizations } from "./organizations";

/** team: pinned to one organization; multi: spans the organizations in api_key_organizations; content: 401 everywhere. */
export const API_KEY_KINDS = ["team", "multi", "content"] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    /** The owning organization; its subscription sets the key's caps. */
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    kind: text().$type<ApiKeyKind>().notNull(),
    name: text().notNull(),
    /** First characters of the key, shown in consoles to tell keys apart. */
    prefix: text().notNull(),
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    hash: text().notNull(),
    expiresAt: ts("expires_at"),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.hash), index("api_keys_org_idx").on(t.organizationId)],
);

/** Organizations a multi-organization key may act for (the owner is implied). */
export const apiKeyOrganizations = pgTable(
  "api_key_organizations",
  {
    apiKeyId: text().notNull().references(() => apiKeys.id, { onDelete: "cascade" }),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.organizationId] })],
);
