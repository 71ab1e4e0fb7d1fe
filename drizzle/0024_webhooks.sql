-- Signed announcements of finished jobs to a person's own address (issue 31, ADR 0055): the address
-- with its sealed secret, and every delivery with how it went. The profile lists deliveries, so a
-- change to either announces the person's change like 0016's tables.
CREATE TABLE "api_webhooks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_webhooks" ADD CONSTRAINT "api_webhooks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_user_idx" ON "webhook_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once_idx" ON "webhook_deliveries" USING btree ("generation_id","event");--> statement-breakpoint
CREATE TRIGGER api_webhooks_personal AFTER INSERT OR UPDATE OR DELETE ON api_webhooks FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_personal AFTER INSERT OR UPDATE OR DELETE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
