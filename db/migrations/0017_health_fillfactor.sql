-- hand-written (kept by scripts/regenerate-migrations.ts)
--
-- Health entries and day summaries are rewritten in place on every push of the same key (values
-- change, indexed columns do not): room left on each page lets those updates stay heap-only (HOT),
-- with no new index entries per update.
ALTER TABLE "health_entries" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "health_day_summaries" SET (fillfactor = 70);
