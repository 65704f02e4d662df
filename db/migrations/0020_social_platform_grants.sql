ALTER TABLE "social_accounts" ADD COLUMN "tokens" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "grant_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "grant_problem" text;--> statement-breakpoint
ALTER TABLE "social_publish_deliveries" ADD COLUMN "external_post_url" text;--> statement-breakpoint
ALTER TABLE "social_publish_deliveries" ADD COLUMN "platform_state" jsonb;