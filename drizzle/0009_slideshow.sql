CREATE TABLE "slideshow_backgrounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"image_key" text NOT NULL,
	"color" text DEFAULT '#1f1b2e' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slideshow_backgrounds_schedule" CHECK ("slideshow_backgrounds"."ends_at" IS NULL OR "slideshow_backgrounds"."starts_at" IS NULL OR "slideshow_backgrounds"."ends_at" > "slideshow_backgrounds"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "slideshow_backgrounds_active_idx" ON "slideshow_backgrounds" USING btree ("active","sort_order");