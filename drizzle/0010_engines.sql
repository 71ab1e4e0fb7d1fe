CREATE TABLE "engine_routes" (
	"mode" text NOT NULL,
	"engine_id" text NOT NULL,
	"priority" integer NOT NULL,
	CONSTRAINT "engine_routes_mode_engine_id_pk" PRIMARY KEY("mode","engine_id")
);
--> statement-breakpoint
CREATE TABLE "image_engines" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"credentials" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cost_multiplier" real DEFAULT 1 NOT NULL,
	"timeout_seconds" integer DEFAULT 180 NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"circuit_open_until" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"health_ok" boolean,
	"health_message" text,
	"health_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "engine_usage" jsonb;--> statement-breakpoint
ALTER TABLE "engine_routes" ADD CONSTRAINT "engine_routes_engine_id_image_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."image_engines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_routes_mode_idx" ON "engine_routes" USING btree ("mode","priority");