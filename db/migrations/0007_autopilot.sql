ALTER TABLE "autopilot_tasks" DROP CONSTRAINT "autopilot_tasks_owner_id_trainers_id_fk";
--> statement-breakpoint
DROP INDEX "autopilot_tasks_org_idx";--> statement-breakpoint
DROP INDEX "autopilot_events_org_idx";--> statement-breakpoint
DROP INDEX "autopilot_events_task_idx";--> statement-breakpoint
DROP INDEX "autopilot_tasks_due_idx";--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD COLUMN "cap_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD COLUMN "trigger" text NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "autopilot_events" ADD COLUMN "content_minutes" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD COLUMN "executions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_tasks" ADD CONSTRAINT "autopilot_tasks_owner_id_trainers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."trainers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopilot_events_due_uq" ON "autopilot_events" USING btree ("task_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "autopilot_events_cap_idx" ON "autopilot_events" USING btree ("cap_key","created_at") WHERE "autopilot_events"."event_type" in ('success', 'failed');--> statement-breakpoint
CREATE INDEX "autopilot_tasks_org_updated_idx" ON "autopilot_tasks" USING btree ("organization_id","updated_at","id") WHERE "autopilot_tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "autopilot_tasks_org_created_idx" ON "autopilot_tasks" USING btree ("organization_id","created_at","id") WHERE "autopilot_tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "autopilot_events_org_idx" ON "autopilot_events" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "autopilot_events_task_idx" ON "autopilot_events" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "autopilot_tasks_due_idx" ON "autopilot_tasks" USING btree ("next_run_at") WHERE "autopilot_tasks"."status" = 'active' and "autopilot_tasks"."deleted_at" is null and "autopilot_tasks"."next_run_at" is not null;