CREATE TABLE "picture_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" uuid,
	"artwork_id" uuid,
	"maturity" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decision" text,
	"decided_maturity" text,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_reviews_subject" CHECK (("picture_reviews"."kind" = 'held' AND "picture_reviews"."generation_id" IS NOT NULL) OR ("picture_reviews"."kind" IN ('dispute', 'rated') AND "picture_reviews"."artwork_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "picture_reviews" ADD CONSTRAINT "picture_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_reviews" ADD CONSTRAINT "picture_reviews_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_reviews" ADD CONSTRAINT "picture_reviews_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_reviews" ADD CONSTRAINT "picture_reviews_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "picture_reviews_dispute_once" ON "picture_reviews" USING btree ("artwork_id") WHERE "picture_reviews"."kind" = 'dispute';--> statement-breakpoint
CREATE UNIQUE INDEX "picture_reviews_held_once" ON "picture_reviews" USING btree ("generation_id") WHERE "picture_reviews"."kind" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "picture_reviews_rated_once" ON "picture_reviews" USING btree ("artwork_id") WHERE "picture_reviews"."kind" = 'rated';--> statement-breakpoint
CREATE INDEX "picture_reviews_open_idx" ON "picture_reviews" USING btree ("created_at") WHERE "picture_reviews"."decision" IS NULL;