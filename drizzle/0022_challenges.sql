-- Challenges (issue 30): entries, votes, and the close that ranks them once. An entry whose work or
-- maker is gone goes too, unless it won a place in a closed challenge: then it stays for the record.
-- An entry's vote count is kept by a trigger, so a voter's deleted account takes its votes along.
CREATE TABLE "challenge_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"artwork_id" uuid,
	"user_id" text,
	"title" text NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"prize" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_votes" (
	"entry_id" uuid NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_votes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"theme" text NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"entries_close_at" timestamp with time zone NOT NULL,
	"voting_closes_at" timestamp with time zone NOT NULL,
	"entries_per_person" integer DEFAULT 1 NOT NULL,
	"votes_per_person" integer DEFAULT 3 NOT NULL,
	"prizes" jsonb DEFAULT '[0,0,0]'::jsonb NOT NULL,
	"christmas" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_entry_id_challenge_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."challenge_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_entries_once" ON "challenge_entries" USING btree ("challenge_id","artwork_id");--> statement-breakpoint
CREATE INDEX "challenge_entries_person_idx" ON "challenge_entries" USING btree ("challenge_id","user_id");--> statement-breakpoint
CREATE INDEX "challenge_entries_ranking_idx" ON "challenge_entries" USING btree ("challenge_id","votes","created_at");--> statement-breakpoint
CREATE INDEX "challenge_entries_artwork_idx" ON "challenge_entries" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "challenge_votes_person_idx" ON "challenge_votes" USING btree ("challenge_id","user_id");--> statement-breakpoint
CREATE INDEX "challenges_starts_idx" ON "challenges" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "challenges_due_idx" ON "challenges" USING btree ("voting_closes_at") WHERE closed_at IS NULL;--> statement-breakpoint
CREATE FUNCTION atelier_drop_orphan_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id IS NULL OR NEW.artwork_id IS NULL) AND (NEW.rank IS NULL OR NEW.rank > 3) THEN
    DELETE FROM challenge_entries WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER challenge_entries_orphaned AFTER UPDATE OF user_id, artwork_id ON challenge_entries FOR EACH ROW
  WHEN (NEW.user_id IS NULL OR NEW.artwork_id IS NULL) EXECUTE FUNCTION atelier_drop_orphan_entries();
--> statement-breakpoint
CREATE FUNCTION atelier_count_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE challenge_entries SET votes = votes + 1 WHERE id = NEW.entry_id;
  ELSE
    UPDATE challenge_entries SET votes = votes - 1 WHERE id = OLD.entry_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER challenge_votes_counted AFTER INSERT OR DELETE ON challenge_votes FOR EACH ROW EXECUTE FUNCTION atelier_count_votes();
