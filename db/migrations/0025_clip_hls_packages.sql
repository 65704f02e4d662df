CREATE TABLE "video_hls_packages" (
	"video_key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"master_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
