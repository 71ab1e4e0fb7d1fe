CREATE TABLE "picture_screenings" (
	"sha256" text NOT NULL,
	"model" text NOT NULL,
	"model_version" text NOT NULL,
	"scores" jsonb NOT NULL,
	"millis" integer NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_screenings_sha256_model_model_version_pk" PRIMARY KEY("sha256","model","model_version"),
	CONSTRAINT "picture_screenings_sha256_hex" CHECK ("picture_screenings"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "browsing_level" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "explicit_uploads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "maturity" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "marked_mature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "generation_images" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "generation_images" ADD COLUMN "maturity" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "artworks_unscreened_idx" ON "artworks" USING btree ("id") WHERE "artworks"."sha256" IS NULL;--> statement-breakpoint
CREATE INDEX "generation_images_unscreened_idx" ON "generation_images" USING btree ("id") WHERE "generation_images"."maturity" IS NULL;