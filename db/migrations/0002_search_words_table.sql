CREATE TABLE "workout_search_words" (
	"organization_id" text NOT NULL,
	"word" text NOT NULL,
	"workouts" integer NOT NULL,
	CONSTRAINT "workout_search_words_organization_id_word_pk" PRIMARY KEY("organization_id","word")
);
--> statement-breakpoint
CREATE INDEX "workout_search_words_trgm_idx" ON "workout_search_words" USING gin ("word" gin_trgm_ops);