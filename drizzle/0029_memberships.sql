CREATE TABLE "membership_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"plan_id" uuid,
	"plan_name" text NOT NULL,
	"interval" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failure_notice_attempt" integer DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"tokens_granted" integer DEFAULT 0 NOT NULL,
	"tokens_taken_back" integer,
	"unrecovered_tokens" integer,
	"refunded_minor" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_plan_id" uuid,
	"scheduled_interval" text,
	"past_due_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"monthly_price_minor" integer NOT NULL,
	"yearly_price_minor" integer NOT NULL,
	"tokens_per_month" integer NOT NULL,
	"max_concurrent_jobs" integer NOT NULL,
	"queue_priority" integer DEFAULT 0 NOT NULL,
	"max_size" integer DEFAULT 1024 NOT NULL,
	"badge" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"provider_prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_prices_positive" CHECK ("plans"."monthly_price_minor" > 0 AND "plans"."yearly_price_minor" > 0),
	CONSTRAINT "plans_tokens_positive" CHECK ("plans"."tokens_per_month" > 0),
	CONSTRAINT "plans_perks" CHECK ("plans"."max_concurrent_jobs" BETWEEN 1 AND 20 AND "plans"."queue_priority" BETWEEN 0 AND 10)
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"billing_reason" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"interval" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"payment_id" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"customer_email" text,
	"reference" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"interval" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"billing_anchor" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"card_last4" text NOT NULL,
	"card_behaviour" text NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "mode" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "subscription_price" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "token_accounts" ADD COLUMN "allowance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_accounts" ADD COLUMN "allowance_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "token_accounts" ADD COLUMN "allowance_notice_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "allowance_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_subscription_id_sandbox_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."sandbox_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invoices_provider_key" ON "membership_invoices" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "membership_invoices_membership_idx" ON "membership_invoices" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_invoices_user_idx" ON "membership_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_invoices_paid_idx" ON "membership_invoices" USING btree ("status","paid_at");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_live_per_user" ON "memberships" USING btree ("user_id") WHERE "memberships"."status" IN ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_provider_subscription_key" ON "memberships" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "memberships_status_idx" ON "memberships" USING btree ("status","plan_id");--> statement-breakpoint
CREATE INDEX "sandbox_invoices_subscription_idx" ON "sandbox_invoices" USING btree ("subscription_id","created_at");--> statement-breakpoint
ALTER TABLE "token_accounts" ADD CONSTRAINT "token_accounts_allowance_within_balance" CHECK ("token_accounts"."allowance" >= 0 AND "token_accounts"."allowance" <= "token_accounts"."balance");--> statement-breakpoint
-- Plans are read through the runtime snapshot (the pricing page, perks): a change announces itself.
CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
-- A member's kept pages (ADR 0040: profile, header balance) change with their membership and invoices.
CREATE TRIGGER memberships_personal AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER membership_invoices_personal AFTER INSERT OR UPDATE OR DELETE ON membership_invoices FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
