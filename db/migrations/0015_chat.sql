CREATE TABLE "chat_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"message_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"summary" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_messages_conv_idx";--> statement-breakpoint
DROP INDEX "chat_conversations_user_idx";--> statement-breakpoint
ALTER TABLE "chat_conversations" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "locale" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "position" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "coach" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "action_id" text;--> statement-breakpoint
ALTER TABLE "chat_actions" ADD CONSTRAINT "chat_actions_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_actions" ADD CONSTRAINT "chat_actions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_actions_message_position_uq" ON "chat_actions" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "chat_actions_conversation_idx" ON "chat_actions" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_action_id_chat_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."chat_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_position_uq" ON "chat_messages" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_action_uq" ON "chat_messages" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("end_user_id","updated_at") WHERE "chat_conversations"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "proposed_actions";