ALTER TABLE "drop_variants" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD COLUMN "media" jsonb;