import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Per-installation values shared by every server instance (e.g. generated signing secrets). */
export const instanceSettings = pgTable("instance_settings", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
