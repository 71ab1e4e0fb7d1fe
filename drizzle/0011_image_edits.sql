CREATE TABLE "image_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tool" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"source_image_id" uuid,
	"source_key" text NOT NULL,
	"source_width" integer NOT NULL,
	"source_height" integer NOT NULL,
	"progress" integer,
	"stage" text,
	"result_key" text,
	"result_width" integer,
	"result_height" integer,
	"result_bytes" integer,
	"error" text,
	"error_detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_edits" ADD CONSTRAINT "image_edits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_edits" ADD CONSTRAINT "image_edits_source_image_id_generation_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."generation_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_edits_user_idx" ON "image_edits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "image_edits_status_idx" ON "image_edits" USING btree ("status");