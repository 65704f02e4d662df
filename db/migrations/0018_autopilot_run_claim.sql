ALTER TABLE "autopilot_tasks" ADD COLUMN "run_claim_token" text;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD COLUMN "run_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "autopilot_tasks_claimed_idx" ON "autopilot_tasks" USING btree ("run_claimed_until") WHERE "autopilot_tasks"."run_claimed_until" is not null;