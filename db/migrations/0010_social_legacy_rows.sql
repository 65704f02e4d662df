-- hand-written (kept by scripts/regenerate-migrations.ts)
-- Social drops and publish automations were redesigned (the next migration, social). Rows of the earlier
-- design pointed at placeholder media and have none of the new required columns, so they are removed
-- before it runs; seeds create real, rendered drops. Nothing to do on a new database.
DELETE FROM "drop_variants";--> statement-breakpoint
DELETE FROM "drops";--> statement-breakpoint
DELETE FROM "social_publish_automations";
