ALTER TABLE "autopilot_tasks" ADD COLUMN "run_claim_token" text;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD COLUMN "run_claimed_until" timestamp with time zone;