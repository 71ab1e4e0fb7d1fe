-- Creator pages, follows and hidden people (issue 30). Every account gets a handle at once (a
-- random one by default; sign-up replaces it with one made from the name). The triggers below
-- announce what kept signed-in pages show of a person (0016's function, ADR 0040): whom they
-- follow and hide (an artwork's page shows "Following"), and their own handle and bio (profile).
CREATE TABLE "follows" (
	"follower_id" text NOT NULL,
	"followed_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followed_id_pk" PRIMARY KEY("follower_id","followed_id")
);
--> statement-breakpoint
CREATE TABLE "handle_redirects" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_people" (
	"user_id" text NOT NULL,
	"hidden_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_people_user_id_hidden_id_pk" PRIMARY KEY("user_id","hidden_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "handle" text DEFAULT ('user-' || substr(md5(random()::text || clock_timestamp()::text), 1, 10)) NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_user_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_people" ADD CONSTRAINT "hidden_people_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_people" ADD CONSTRAINT "hidden_people_hidden_id_user_id_fk" FOREIGN KEY ("hidden_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "follows_follower_recent_idx" ON "follows" USING btree ("follower_id","created_at","followed_id");--> statement-breakpoint
CREATE INDEX "handle_redirects_user_idx" ON "handle_redirects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hidden_people_hidden_idx" ON "hidden_people" USING btree ("hidden_id");--> statement-breakpoint
CREATE INDEX "artworks_creator_idx" ON "artworks" USING btree ("user_id","created_at","id") WHERE status = 'published' AND visibility = 'public';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE group_key IS NOT NULL AND NOT is_viewed;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_handle_unique" UNIQUE("handle");--> statement-breakpoint
CREATE TRIGGER follows_personal AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('follower_id');
--> statement-breakpoint
CREATE TRIGGER hidden_people_personal AFTER INSERT OR DELETE ON hidden_people FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER user_profile_personal AFTER UPDATE ON "user" FOR EACH ROW
  WHEN (OLD.handle IS DISTINCT FROM NEW.handle OR OLD.bio IS DISTINCT FROM NEW.bio)
  EXECUTE FUNCTION atelier_note_personal_change('id');
