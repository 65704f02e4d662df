CREATE SEQUENCE "public"."insight_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branding" jsonb NOT NULL,
	"modules" jsonb NOT NULL,
	"ai_chat_enabled" boolean DEFAULT true NOT NULL,
	"ai_recommendations_enabled" boolean DEFAULT true NOT NULL,
	"ai_generation_enabled" boolean DEFAULT true NOT NULL,
	"insights_enabled" boolean DEFAULT true NOT NULL,
	"subscription_plan" text DEFAULT 'starter' NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"hourly_cap" integer,
	"daily_cap" integer,
	"entitlements" jsonb NOT NULL,
	"default_locale" text DEFAULT 'en-US' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_organizations" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	CONSTRAINT "api_key_organizations_api_key_id_organization_id_pk" PRIMARY KEY("api_key_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "end_users" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text,
	"external_id" text,
	"name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"preferred_locale" text DEFAULT 'en-US' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainers" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"preferred_locale" text DEFAULT 'en-US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"equipment_category_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_options" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" integer NOT NULL,
	"label" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "muscle_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_group_items" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"position" integer NOT NULL,
	"video_asset_id" text NOT NULL,
	"work_seconds" integer,
	"reps" integer,
	"rest_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"rounds" integer DEFAULT 1 NOT NULL,
	"rest_between_rounds_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instruction_audio" (
	"id" text PRIMARY KEY NOT NULL,
	"video_asset_id" text NOT NULL,
	"locale" text NOT NULL,
	"type" text DEFAULT 'exerciseInstruction' NOT NULL,
	"asset_key" text NOT NULL,
	"script_text" text,
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_asset_equipment" (
	"video_asset_id" text NOT NULL,
	"equipment_id" text NOT NULL,
	CONSTRAINT "video_asset_equipment_video_asset_id_equipment_id_pk" PRIMARY KEY("video_asset_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "video_asset_muscle_groups" (
	"video_asset_id" text NOT NULL,
	"muscle_group_id" text NOT NULL,
	"share" real NOT NULL,
	CONSTRAINT "video_asset_muscle_groups_video_asset_id_muscle_group_id_pk" PRIMARY KEY("video_asset_id","muscle_group_id")
);
--> statement-breakpoint
CREATE TABLE "video_assets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"stock_tier" text,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"skill_level" text,
	"execution_side" text,
	"coach" text,
	"collection_name" text,
	"estimated_rep_duration" real DEFAULT 3 NOT NULL,
	"impact" text DEFAULT 'low' NOT NULL,
	"movement_pattern" text,
	"is_stretch" boolean DEFAULT false NOT NULL,
	"category_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_key" text NOT NULL,
	"poster_key" text,
	"thumbnail_key" text,
	"duration_seconds" real NOT NULL,
	"chapters" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "music_pool_tracks" (
	"pool_id" text NOT NULL,
	"track_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "music_pool_tracks_pool_id_track_id_pk" PRIMARY KEY("pool_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "music_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"trainer_id" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"artist" text,
	"duration_seconds" real NOT NULL,
	"filename" text NOT NULL,
	"asset_key" text NOT NULL,
	"bpm" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_categories" (
	"workout_id" text NOT NULL,
	"category_id" text NOT NULL,
	CONSTRAINT "workout_categories_workout_id_category_id_pk" PRIMARY KEY("workout_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "workout_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"workout_id" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"asset_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workout_segments" (
	"id" text PRIMARY KEY NOT NULL,
	"workout_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"video_asset_id" text,
	"exercise_ids" text[],
	"name" jsonb,
	"duration_seconds" real NOT NULL,
	"work_seconds" integer,
	"reps" integer,
	"pace" text,
	"weight_level" text,
	"rpe" real,
	"amrap" boolean DEFAULT false NOT NULL,
	"skip_intro" boolean DEFAULT false NOT NULL,
	"break_image_key" text
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"trainer_id" text,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"duration" integer NOT NULL,
	"difficulty" text NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"source" text DEFAULT 'team' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"presentation_style" text DEFAULT 'full' NOT NULL,
	"mix_bg_music" boolean DEFAULT true NOT NULL,
	"skip_workout_preview" boolean DEFAULT false NOT NULL,
	"skip_workout_completion_screen" boolean DEFAULT false NOT NULL,
	"video_audio_mode" text DEFAULT 'full' NOT NULL,
	"allow_assessment" boolean DEFAULT false NOT NULL,
	"assessment_type" text,
	"preview_video_key" text,
	"preview_poster_key" text,
	"preview_thumbnail_key" text,
	"cover_key" text,
	"thumbnail_key" text,
	"music_playlists" jsonb DEFAULT '{"spotify":null,"appleMusic":null,"youtubeMusic":null}'::jsonb NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_workouts" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"week" integer NOT NULL,
	"day" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"workout_id" text NOT NULL,
	"prescription" jsonb
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"trainer_id" text,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"difficulty" text NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"source" text DEFAULT 'team' NOT NULL,
	"goal_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_weeks" integer NOT NULL,
	"days_per_week" integer NOT NULL,
	"end_user_id" text,
	"base_plan_id" text,
	"generation_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_plans" (
	"end_user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_plans_end_user_id_plan_id_pk" PRIMARY KEY("end_user_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "library_workouts" (
	"end_user_id" text NOT NULL,
	"workout_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_workouts_end_user_id_workout_id_pk" PRIMARY KEY("end_user_id","workout_id")
);
--> statement-breakpoint
CREATE TABLE "notifications_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_enrollments" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"start_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workout_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"workout_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text,
	"rating_option_id" text,
	"difficulty_option_id" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workout_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text,
	"api_key_id" text,
	"status" text DEFAULT 'started' NOT NULL,
	"workout_segment_id" text,
	"progress_seconds" integer DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"expected_duration" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"engine" text NOT NULL,
	"methodology" jsonb,
	"inspection" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "methodology_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"owner_trainer_id" text,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"applicability" text NOT NULL,
	"is_team_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"rule_summary" text NOT NULL,
	"guidance" text DEFAULT '' NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_day_summaries" (
	"end_user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"organization_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"activities" jsonb NOT NULL,
	"entry_counts" jsonb NOT NULL,
	"revision" bigint DEFAULT nextval('insight_revision_seq') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_day_summaries_end_user_id_local_date_pk" PRIMARY KEY("end_user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "health_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"data_type" text NOT NULL,
	"external_id" text NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"values" jsonb NOT NULL,
	"value_sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pushed" jsonb,
	"synced" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_digests" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"digest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nutrition_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"external_id" text,
	"local_date" date NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"meal_type" text,
	"calories_kcal" double precision,
	"protein_g" double precision,
	"carbs_g" double precision,
	"fat_g" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopilot_events" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"owner_id" text,
	"event_type" text NOT NULL,
	"result_content_id" text,
	"result_content_type" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopilot_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scope" text NOT NULL,
	"content_type" text NOT NULL,
	"difficulty_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"goal_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_min" integer,
	"duration_max" integer,
	"include_free_stock" boolean DEFAULT true NOT NULL,
	"include_premium_stock" boolean DEFAULT false NOT NULL,
	"include_team_content" boolean DEFAULT true NOT NULL,
	"repeat_mode" text DEFAULT 'once' NOT NULL,
	"prompt_guidance_mode" text DEFAULT 'none' NOT NULL,
	"custom_prompt_guidance" text,
	"source_content_id" text,
	"existing_content_id" text,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cast_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"controller_device_id" text,
	"workout_id" text,
	"workout_session_id" text,
	"playback" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"proposed_actions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drop_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"drop_id" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"asset_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"source_name" text NOT NULL,
	"title" text NOT NULL,
	"source_thumbnail_key" text,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"channel_preset" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"copy_pack" jsonb NOT NULL,
	"cta_url" text,
	"cover_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_publish_automations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source_mode" text NOT NULL,
	"platforms" text[] NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_organizations" ADD CONSTRAINT "api_key_organizations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_organizations" ADD CONSTRAINT "api_key_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainers" ADD CONSTRAINT "trainers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_equipment_category_id_equipment_categories_id_fk" FOREIGN KEY ("equipment_category_id") REFERENCES "public"."equipment_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_options" ADD CONSTRAINT "feedback_options_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_group_items" ADD CONSTRAINT "exercise_group_items_group_id_exercise_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."exercise_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_group_items" ADD CONSTRAINT "exercise_group_items_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_groups" ADD CONSTRAINT "exercise_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction_audio" ADD CONSTRAINT "instruction_audio_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_asset_equipment" ADD CONSTRAINT "video_asset_equipment_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_asset_equipment" ADD CONSTRAINT "video_asset_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_asset_muscle_groups" ADD CONSTRAINT "video_asset_muscle_groups_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_asset_muscle_groups" ADD CONSTRAINT "video_asset_muscle_groups_muscle_group_id_muscle_groups_id_fk" FOREIGN KEY ("muscle_group_id") REFERENCES "public"."muscle_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_pool_tracks" ADD CONSTRAINT "music_pool_tracks_pool_id_music_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."music_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_pool_tracks" ADD CONSTRAINT "music_pool_tracks_track_id_music_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."music_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_pools" ADD CONSTRAINT "music_pools_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_pools" ADD CONSTRAINT "music_pools_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_tracks" ADD CONSTRAINT "music_tracks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_categories" ADD CONSTRAINT "workout_categories_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_categories" ADD CONSTRAINT "workout_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_exports" ADD CONSTRAINT "workout_exports_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_segments" ADD CONSTRAINT "workout_segments_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_segments" ADD CONSTRAINT "workout_segments_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_workouts" ADD CONSTRAINT "plan_workouts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_workouts" ADD CONSTRAINT "plan_workouts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_plans" ADD CONSTRAINT "library_plans_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_plans" ADD CONSTRAINT "library_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_plans" ADD CONSTRAINT "library_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_workouts" ADD CONSTRAINT "library_workouts_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_workouts" ADD CONSTRAINT "library_workouts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_workouts" ADD CONSTRAINT "library_workouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_outbox" ADD CONSTRAINT "notifications_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_outbox" ADD CONSTRAINT "notifications_outbox_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_session_id_workout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."workout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_rating_option_id_feedback_options_id_fk" FOREIGN KEY ("rating_option_id") REFERENCES "public"."feedback_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_feedback" ADD CONSTRAINT "workout_feedback_difficulty_option_id_feedback_options_id_fk" FOREIGN KEY ("difficulty_option_id") REFERENCES "public"."feedback_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD CONSTRAINT "workout_sessions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD CONSTRAINT "workout_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD CONSTRAINT "workout_sessions_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD CONSTRAINT "workout_sessions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "methodology_profiles" ADD CONSTRAINT "methodology_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "methodology_profiles" ADD CONSTRAINT "methodology_profiles_owner_trainer_id_trainers_id_fk" FOREIGN KEY ("owner_trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_day_summaries" ADD CONSTRAINT "health_day_summaries_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_day_summaries" ADD CONSTRAINT "health_day_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_entries" ADD CONSTRAINT "health_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_entries" ADD CONSTRAINT "health_entries_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_digests" ADD CONSTRAINT "insight_digests_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_entries" ADD CONSTRAINT "nutrition_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_entries" ADD CONSTRAINT "nutrition_entries_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD CONSTRAINT "autopilot_events_task_id_autopilot_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."autopilot_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD CONSTRAINT "autopilot_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD CONSTRAINT "autopilot_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD CONSTRAINT "autopilot_tasks_owner_id_trainers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."trainers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cast_sessions" ADD CONSTRAINT "cast_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_variants" ADD CONSTRAINT "drop_variants_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_publish_automations" ADD CONSTRAINT "social_publish_automations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "end_users_org_email_uq" ON "end_users" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "end_users_org_external_uq" ON "end_users" USING btree ("organization_id","external_id");--> statement-breakpoint
CREATE INDEX "end_users_org_created_idx" ON "end_users" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "trainers_org_idx" ON "trainers" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_key_uq" ON "categories" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_key_uq" ON "equipment" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_categories_key_uq" ON "equipment_categories" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_options_org_kind_key_uq" ON "feedback_options" USING btree ("organization_id","kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "goals_key_uq" ON "goals" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "muscle_groups_key_uq" ON "muscle_groups" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_group_items_pos_uq" ON "exercise_group_items" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "exercise_groups_org_created_idx" ON "exercise_groups" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "exercise_groups_org_type_idx" ON "exercise_groups" USING btree ("organization_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instruction_audio_asset_locale_type_uq" ON "instruction_audio" USING btree ("video_asset_id","locale","type");--> statement-breakpoint
CREATE INDEX "vae_equipment_idx" ON "video_asset_equipment" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "vamg_muscle_idx" ON "video_asset_muscle_groups" USING btree ("muscle_group_id");--> statement-breakpoint
CREATE INDEX "video_assets_org_created_idx" ON "video_assets" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "video_assets_org_kind_idx" ON "video_assets" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "video_assets_org_coach_idx" ON "video_assets" USING btree ("organization_id","coach");--> statement-breakpoint
CREATE INDEX "video_assets_org_collection_idx" ON "video_assets" USING btree ("organization_id","collection_name");--> statement-breakpoint
CREATE INDEX "video_assets_org_skill_idx" ON "video_assets" USING btree ("organization_id","skill_level");--> statement-breakpoint
CREATE INDEX "video_assets_org_side_idx" ON "video_assets" USING btree ("organization_id","execution_side");--> statement-breakpoint
CREATE INDEX "video_assets_org_name_idx" ON "video_assets" USING btree ("organization_id",("name"->>'en-US'));--> statement-breakpoint
CREATE INDEX "video_assets_search_trgm_idx" ON "video_assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "music_pools_org_idx" ON "music_pools" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "music_tracks_org_idx" ON "music_tracks" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "workout_categories_category_idx" ON "workout_categories" USING btree ("category_id","workout_id");--> statement-breakpoint
CREATE INDEX "workout_exports_lookup_idx" ON "workout_exports" USING btree ("workout_id","kind","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_segments_pos_uq" ON "workout_segments" USING btree ("workout_id","position");--> statement-breakpoint
CREATE INDEX "workouts_org_list_idx" ON "workouts" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "workouts_listed_created_idx" ON "workouts" USING btree ("organization_id","created_at","id") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_listed_filters_idx" ON "workouts" USING btree ("organization_id","difficulty","visibility","allow_assessment","duration","id") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_updated_idx" ON "workouts" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "workouts_listed_updated_idx" ON "workouts" USING btree ("organization_id","updated_at","id") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_visibility_idx" ON "workouts" USING btree ("organization_id","visibility","created_at") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_difficulty_idx" ON "workouts" USING btree ("organization_id","difficulty","created_at") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_difficulty_rank_idx" ON "workouts" USING btree ("organization_id",(case "difficulty" when 'beginner' then 1 when 'intermediate' then 2 else 3 end),"created_at") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_duration_idx" ON "workouts" USING btree ("organization_id","duration") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_org_assessment_idx" ON "workouts" USING btree ("organization_id","created_at") WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null and "workouts"."allow_assessment";--> statement-breakpoint
CREATE INDEX "workouts_org_name_idx" ON "workouts" USING btree ("organization_id",("name"->>'en-US')) WHERE "workouts"."status" = 'published' and "workouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workouts_custom_categories_idx" ON "workouts" USING gin ("custom_categories");--> statement-breakpoint
CREATE INDEX "workouts_search_trgm_idx" ON "workouts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "plan_workouts_slot_uq" ON "plan_workouts" USING btree ("plan_id","week","day","position");--> statement-breakpoint
CREATE INDEX "plan_workouts_workout_idx" ON "plan_workouts" USING btree ("workout_id");--> statement-breakpoint
CREATE INDEX "plans_org_list_idx" ON "plans" USING btree ("organization_id","status","visibility","created_at");--> statement-breakpoint
CREATE INDEX "plans_listed_created_idx" ON "plans" USING btree ("organization_id","created_at","id") WHERE "plans"."status" = 'published' and "plans"."deleted_at" is null and "plans"."visibility" in ('public', 'private');--> statement-breakpoint
CREATE INDEX "plans_listed_updated_idx" ON "plans" USING btree ("organization_id","updated_at","id") WHERE "plans"."status" = 'published' and "plans"."deleted_at" is null and "plans"."visibility" in ('public', 'private');--> statement-breakpoint
CREATE INDEX "plans_listed_name_idx" ON "plans" USING btree ("organization_id",("name"->>'en-US')) WHERE "plans"."status" = 'published' and "plans"."deleted_at" is null and "plans"."visibility" in ('public', 'private');--> statement-breakpoint
CREATE INDEX "plans_search_trgm_idx" ON "plans" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_outbox_pending_idx" ON "notifications_outbox" USING btree ("status","available_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_enrollments_one_active_uq" ON "plan_enrollments" USING btree ("end_user_id") WHERE "plan_enrollments"."is_active";--> statement-breakpoint
CREATE INDEX "plan_enrollments_user_plan_idx" ON "plan_enrollments" USING btree ("end_user_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_feedback_session_uq" ON "workout_feedback" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "workout_feedback_workout_idx" ON "workout_feedback" USING btree ("workout_id");--> statement-breakpoint
CREATE INDEX "workout_sessions_user_workout_idx" ON "workout_sessions" USING btree ("end_user_id","workout_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_sessions_one_started_uq" ON "workout_sessions" USING btree ("end_user_id","workout_id") WHERE "workout_sessions"."status" = 'started' and "workout_sessions"."end_user_id" is not null;--> statement-breakpoint
CREATE INDEX "workout_sessions_user_completed_idx" ON "workout_sessions" USING btree ("end_user_id","completed_at");--> statement-breakpoint
CREATE INDEX "generations_org_idx" ON "generations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "methodology_profiles_org_idx" ON "methodology_profiles" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "health_entries_key_uq" ON "health_entries" USING btree ("end_user_id","data_type","external_id");--> statement-breakpoint
CREATE INDEX "health_entries_user_day_idx" ON "health_entries" USING btree ("end_user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_digests_user_day_uq" ON "insight_digests" USING btree ("end_user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "nutrition_entries_external_uq" ON "nutrition_entries" USING btree ("end_user_id","external_id") WHERE "nutrition_entries"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "nutrition_entries_user_day_idx" ON "nutrition_entries" USING btree ("end_user_id","local_date");--> statement-breakpoint
CREATE INDEX "autopilot_events_org_idx" ON "autopilot_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "autopilot_events_task_idx" ON "autopilot_events" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "autopilot_tasks_org_idx" ON "autopilot_tasks" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "autopilot_tasks_due_idx" ON "autopilot_tasks" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cast_sessions_live_code_uq" ON "cast_sessions" USING btree ("code") WHERE "cast_sessions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("organization_id","end_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conv_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_variants_uq" ON "drop_variants" USING btree ("drop_id","aspect_ratio","duration_seconds");--> statement-breakpoint
CREATE INDEX "drops_org_idx" ON "drops" USING btree ("organization_id","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_org_platform_uq" ON "social_accounts" USING btree ("organization_id","platform");--> statement-breakpoint
CREATE INDEX "social_publish_org_idx" ON "social_publish_automations" USING btree ("organization_id","updated_at");