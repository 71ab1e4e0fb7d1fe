-- Collections of pictures (issue 30). The profile's and a collection's kept pages read them for
-- their person, so writes announce it (0016's function, ADR 0040).
CREATE TABLE "collection_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"artwork_id" uuid,
	"generation_image_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_generation_image_id_generation_images_id_fk" FOREIGN KEY ("generation_image_id") REFERENCES "public"."generation_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("collection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_artwork_once" ON "collection_items" USING btree ("collection_id","artwork_id") WHERE artwork_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_image_once" ON "collection_items" USING btree ("collection_id","generation_image_id") WHERE generation_image_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_items_artwork_idx" ON "collection_items" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "collection_items_image_idx" ON "collection_items" USING btree ("generation_image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_name_idx" ON "collections" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "collections_recent_idx" ON "collections" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "collections_public_idx" ON "collections" USING btree ("user_id","created_at") WHERE visibility = 'public';--> statement-breakpoint
CREATE TRIGGER collections_personal AFTER INSERT OR UPDATE OR DELETE ON collections FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
