CREATE TABLE "artwork_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"downloader_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artwork_reactions" (
	"artwork_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_reactions_artwork_id_user_id_pk" PRIMARY KEY("artwork_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" uuid,
	"image_index" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_prompt" boolean DEFAULT true NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"style" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"size" integer NOT NULL,
	"seed" bigint NOT NULL,
	"strength" real NOT NULL,
	"christmas" boolean DEFAULT false NOT NULL,
	"engine_label" text NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"placeholder" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"featured_at" timestamp with time zone,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"trending_score" double precision DEFAULT 0 NOT NULL,
	"like_milestone" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(jsonb_to_tsvector('simple'::regconfig, tags, '["string"]'::jsonb), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'B') || setweight(to_tsvector('simple'::regconfig, CASE WHEN show_prompt THEN prompt ELSE '' END), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_downloads" ADD CONSTRAINT "artwork_downloads_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_reactions" ADD CONSTRAINT "artwork_reactions_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_reactions" ADD CONSTRAINT "artwork_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_reports" ADD CONSTRAINT "artwork_reports_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_reports" ADD CONSTRAINT "artwork_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_downloads_once_per_window" ON "artwork_downloads" USING btree ("artwork_id","downloader_key","window_start");--> statement-breakpoint
CREATE INDEX "artwork_downloads_recent_idx" ON "artwork_downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "artwork_downloads_artwork_idx" ON "artwork_downloads" USING btree ("artwork_id","created_at");--> statement-breakpoint
CREATE INDEX "artwork_reactions_recent_idx" ON "artwork_reactions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "artwork_reactions_artwork_idx" ON "artwork_reactions" USING btree ("artwork_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_reports_one_open" ON "artwork_reports" USING btree ("artwork_id","reporter_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "artwork_reports_status_idx" ON "artwork_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "artworks_newest_idx" ON "artworks" USING btree ("created_at","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_trending_idx" ON "artworks" USING btree ("trending_score","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_likes_idx" ON "artworks" USING btree ("likes","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_downloads_idx" ON "artworks" USING btree ("downloads","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_style_idx" ON "artworks" USING btree ("style","created_at","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_mode_idx" ON "artworks" USING btree ("mode","created_at","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_christmas_idx" ON "artworks" USING btree ("created_at","id") WHERE status = 'published' AND visibility = 'public' AND christmas;--> statement-breakpoint
CREATE INDEX "artworks_featured_idx" ON "artworks" USING btree ("featured_at") WHERE featured_at IS NOT NULL AND status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE INDEX "artworks_user_idx" ON "artworks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "artworks_generation_idx" ON "artworks" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "artworks_search_idx" ON "artworks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "artworks_tags_idx" ON "artworks" USING gin ("tags");