ALTER TABLE "workouts" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "workouts_org_rated_idx" ON "workouts" USING btree ("organization_id","rated_at");