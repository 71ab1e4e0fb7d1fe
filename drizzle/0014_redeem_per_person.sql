-- Redeem codes may allow a person more than one redemption (issue 16): one row per redemption, counted under the code row lock.
ALTER TABLE "redeem_code_redemptions" DROP CONSTRAINT "redeem_code_redemptions_code_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "redeem_code_redemptions" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "max_per_person" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "redeem_code_redemptions_person" ON "redeem_code_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_max_per_person_positive" CHECK ("redeem_codes"."max_per_person" >= 1);