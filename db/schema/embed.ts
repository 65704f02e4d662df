import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { createdAt, id, ts } from "./columns";
import { endUsers } from "./people";
import { organizations } from "./organizations";
import { plans } from "./plans";
import { workouts } from "./workouts";

/**
 * Embed tokens (POST /v1/orgs/{organizationId}/embed-tokens): what one signed player token may do.
 * The token itself is a JWT signed with the installation's embed-token secret and never stored;
 * its `jti` is this row's id, so the row is what revocation and the scope checks read. A row
 * outlives its token by nothing useful: rows past `expires_at` may be deleted.
 */
export const embedTokens = pgTable(
  "embed_tokens",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Exactly one of workoutId and planId is set (checked by the service and the database). */
    workoutId: text().references(() => workouts.id, { onDelete: "cascade" }),
    planId: text().references(() => plans.id, { onDelete: "cascade" }),
    /** The member whose sessions the player records; null plays without recording sessions. */
    endUserId: text().references(() => endUsers.id, { onDelete: "cascade" }),
    /** The origins that may frame the player (its CSP frame-ancestors). */
    allowedOrigins: text().array().notNull(),
    /** The key that minted the token (informational). */
    apiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("embed_tokens_one_target", sql`(${t.workoutId} is null) <> (${t.planId} is null)`),
    index("embed_tokens_org_created_idx").on(t.organizationId, t.createdAt),
    index("embed_tokens_expires_idx").on(t.expiresAt),
  ],
);
