CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
DROP INDEX "cast_sessions_live_code_uq";--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "phase" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "controller_paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "controller_last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "workout" jsonb;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "end_user_id" text;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "segment_elapsed_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "played_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "clock_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD CONSTRAINT "cast_sessions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD CONSTRAINT "cast_sessions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD CONSTRAINT "cast_sessions_workout_session_id_workout_sessions_id_fk" FOREIGN KEY ("workout_session_id") REFERENCES "public"."workout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD CONSTRAINT "cast_sessions_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cast_sessions_live_expiry_idx" ON "cast_sessions" USING btree ("expires_at") WHERE "cast_sessions"."phase" <> 'ended';--> statement-breakpoint
CREATE INDEX "cast_sessions_controller_seen_idx" ON "cast_sessions" USING btree ("controller_last_seen_at") WHERE "cast_sessions"."phase" <> 'ended' and "cast_sessions"."controller_device_id" is not null;--> statement-breakpoint
CREATE INDEX "cast_sessions_ended_idx" ON "cast_sessions" USING btree ("ended_at") WHERE "cast_sessions"."phase" = 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "cast_sessions_live_code_uq" ON "cast_sessions" USING btree ("code") WHERE "cast_sessions"."phase" <> 'ended';--> statement-breakpoint
ALTER TABLE "cast_sessions" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "cast_sessions" DROP COLUMN "playback";