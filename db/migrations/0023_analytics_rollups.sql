CREATE TABLE "analytics_enrollment_weeks" (
	"enrollment_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"week" integer NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_enrollment_weeks_enrollment_id_week_pk" PRIMARY KEY("enrollment_id","week")
);
--> statement-breakpoint
CREATE TABLE "analytics_feedback_days" (
	"workout_id" text NOT NULL,
	"day" date NOT NULL,
	"option_id" text NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_feedback_days_workout_id_day_option_id_pk" PRIMARY KEY("workout_id","day","option_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_member_days" (
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_member_days_end_user_id_day_pk" PRIMARY KEY("end_user_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_member_periods" (
	"organization_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_member_periods_end_user_id_kind_period_start_pk" PRIMARY KEY("end_user_id","kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "analytics_member_status" (
	"end_user_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"as_of" date NOT NULL,
	"adherence7" real,
	"adherence30" real,
	"adherence90" real,
	"adherence_previous30" real,
	"last_active_day" date,
	"attention_reasons" text[] NOT NULL,
	"needs_attention" boolean NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_org_active" (
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_org_active_organization_id_kind_period_start_pk" PRIMARY KEY("organization_id","kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "analytics_org_days" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_org_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_plan_days" (
	"organization_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_plan_days_plan_id_day_pk" PRIMARY KEY("plan_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_workout_days" (
	"organization_id" text NOT NULL,
	"workout_id" text NOT NULL,
	"day" date NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_workout_days_workout_id_day_pk" PRIMARY KEY("workout_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_workout_stops" (
	"workout_id" text NOT NULL,
	"day" date NOT NULL,
	"position" integer NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_workout_stops_workout_id_day_position_pk" PRIMARY KEY("workout_id","day","position")
);
--> statement-breakpoint
CREATE TABLE "analytics_workout_watch" (
	"workout_id" text NOT NULL,
	"day" date NOT NULL,
	"bucket" smallint NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_workout_watch_workout_id_day_bucket_pk" PRIMARY KEY("workout_id","day","bucket")
);
--> statement-breakpoint
CREATE INDEX "analytics_enrollment_weeks_plan_idx" ON "analytics_enrollment_weeks" USING btree ("plan_id","week");--> statement-breakpoint
CREATE INDEX "analytics_member_status_attention_idx" ON "analytics_member_status" USING btree ("organization_id","needs_attention");--> statement-breakpoint
CREATE INDEX "analytics_workout_days_org_day_idx" ON "analytics_workout_days" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "plan_enrollments_plan_idx" ON "plan_enrollments" USING btree ("plan_id","start_date");