import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { organizations } from "./organizations";
import { trainers } from "./people";

/**
 * Console sign-ins. The console's NextAuth session is a signed JWT cookie; its `sid` names one
 * row here, and every request checks that row, so signing out, revoking a session or
 * suspending the trainer ends the session within seconds although the cookie is still valid.
 */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    /** The JWT's `sid`: 32 random url-safe characters (not a 24-hex id: it is a bearer secret's handle). */
    id: text().primaryKey(),
    trainerId: text()
      .notNull()
      .references(() => trainers.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("console_sessions_trainer_idx").on(t.trainerId, t.createdAt)],
);
