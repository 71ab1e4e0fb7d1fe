CREATE UNIQUE INDEX "artworks_key_idx" ON "artworks" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "artworks_thumb_key_idx" ON "artworks" USING btree ("thumb_key");