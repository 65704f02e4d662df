import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Counters of rate-limiter-flexible's RateLimiterDrizzle store, shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true, mode: "date" }),
});
