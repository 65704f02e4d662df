CREATE TABLE "workout_export_checks" (
	"workout_id" text PRIMARY KEY NOT NULL,
	"locales" text[] DEFAULT '{}'::text[] NOT NULL,
	"checked_at" timestamp with time zone,
	"requested_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "workout_exports_lookup_idx";--> statement-breakpoint
ALTER TABLE "workout_exports" ALTER COLUMN "status" SET DEFAULT 'rendering';--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "bytes" integer;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workout_export_checks" ADD CONSTRAINT "workout_export_checks_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_export_checks_checked_idx" ON "workout_export_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_exports_version_uq" ON "workout_exports" USING btree ("workout_id","kind","locale","version");--> statement-breakpoint
CREATE INDEX "workout_exports_ready_idx" ON "workout_exports" USING btree ("workout_id","kind","completed_at") WHERE "workout_exports"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "workout_exports_reuse_idx" ON "workout_exports" USING btree ("version","kind","locale") WHERE "workout_exports"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "workout_exports_sweep_idx" ON "workout_exports" USING btree ("status","updated_at") WHERE "workout_exports"."status" <> 'ready';