CREATE TABLE "usage_daily" (
	"organization_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"subject" text NOT NULL,
	"api_key_id" text,
	"operation_id" text NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_organization_id_day_subject_operation_id_pk" PRIMARY KEY("organization_id","day","subject","operation_id")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_daily_day_idx" ON "usage_daily" USING btree ("day");