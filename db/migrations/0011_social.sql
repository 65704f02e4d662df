CREATE TABLE "social_publications" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"drop_id" text NOT NULL,
	"channel_preset" text NOT NULL,
	"variant" text NOT NULL,
	"text" text NOT NULL,
	"copy_pack" jsonb NOT NULL,
	"video_url" text NOT NULL,
	"cover_url" text NOT NULL,
	"cta_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_publish_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"will_retry" boolean DEFAULT false NOT NULL,
	"adapter" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_publish_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"platform" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"drop_id" text,
	"channel_preset" text NOT NULL,
	"variant" text,
	"pick_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"external_post_id" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "drops_org_idx";--> statement-breakpoint
DROP INDEX "social_publish_org_idx";--> statement-breakpoint
ALTER TABLE "drop_variants" ALTER COLUMN "asset_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD COLUMN "status" text DEFAULT 'processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "default_aspect_ratio" text NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "default_duration_seconds" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "copy_packs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "copy_locales" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "category_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "adapter" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "credentials_ref" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "channel_presets" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "drop_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "schedule" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "caption_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "cursor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_publications" ADD CONSTRAINT "social_publications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_publications" ADD CONSTRAINT "social_publications_delivery_id_social_publish_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."social_publish_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_publish_attempts" ADD CONSTRAINT "social_publish_attempts_delivery_id_social_publish_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."social_publish_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_publish_deliveries" ADD CONSTRAINT "social_publish_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_publish_deliveries" ADD CONSTRAINT "social_publish_deliveries_automation_id_social_publish_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."social_publish_automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_publications_delivery_uq" ON "social_publications" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_publications_due_uq" ON "social_publications" USING btree ("automation_id","platform","due_at");--> statement-breakpoint
CREATE INDEX "social_publications_org_idx" ON "social_publications" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "social_publish_attempts_delivery_idx" ON "social_publish_attempts" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "social_publish_attempts_org_idx" ON "social_publish_attempts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_publish_deliveries_due_uq" ON "social_publish_deliveries" USING btree ("automation_id","platform","due_at");--> statement-breakpoint
CREATE INDEX "social_publish_deliveries_pending_idx" ON "social_publish_deliveries" USING btree ("next_attempt_at") WHERE "social_publish_deliveries"."status" in ('pending', 'publishing');--> statement-breakpoint
CREATE INDEX "social_publish_deliveries_org_idx" ON "social_publish_deliveries" USING btree ("organization_id","due_at");--> statement-breakpoint
CREATE INDEX "drops_org_listed_updated_idx" ON "drops" USING btree ("organization_id","updated_at","id") WHERE "drops"."status" = 'ready' and "drops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "drops_org_listed_created_idx" ON "drops" USING btree ("organization_id","created_at","id") WHERE "drops"."status" = 'ready' and "drops"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "drops_org_source_idx" ON "drops" USING btree ("organization_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "drops_title_trgm_idx" ON "drops" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "social_publish_org_updated_idx" ON "social_publish_automations" USING btree ("organization_id","updated_at") WHERE "social_publish_automations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "social_publish_org_created_idx" ON "social_publish_automations" USING btree ("organization_id","created_at") WHERE "social_publish_automations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "social_publish_due_idx" ON "social_publish_automations" USING btree ("next_run_at") WHERE "social_publish_automations"."status" = 'active' and "social_publish_automations"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "drops" DROP COLUMN "copy_pack";--> statement-breakpoint
ALTER TABLE "drops" DROP COLUMN "cover_key";--> statement-breakpoint
ALTER TABLE "social_publish_automations" DROP COLUMN "config";