-- Edits of a part of a picture (issue 31, ADR 0056): an image-to-art generation with an edit kind,
-- its outpaint sides or its mask, and the history picture it started from (set to null when that
-- picture's generation is deleted; the edit keeps its own copy of the picture in source_key).
ALTER TABLE "generations" ADD COLUMN "edit_kind" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "edit_sides" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "mask_key" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "edited_from_generation_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "edited_from_index" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_edited_from_generation_id_generations_id_fk" FOREIGN KEY ("edited_from_generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_edited_from_idx" ON "generations" USING btree ("edited_from_generation_id") WHERE "generations"."edited_from_generation_id" IS NOT NULL;