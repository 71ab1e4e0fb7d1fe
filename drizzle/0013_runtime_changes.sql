CREATE TABLE "runtime_changes" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Run-time settings are cached in each process (ADR 0026). Any write to a table they come from,
-- by any process or by hand, bumps that table's version in the same transaction and, at commit,
-- announces it on the 'atelier_changes' channel.
CREATE FUNCTION atelier_note_runtime_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO runtime_changes (table_name, version, changed_at) VALUES (TG_TABLE_NAME, 1, now())
    ON CONFLICT (table_name) DO UPDATE SET version = runtime_changes.version + 1, changed_at = now();
  PERFORM pg_notify('atelier_changes', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feature_flags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_flags FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
CREATE TRIGGER site_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
CREATE TRIGGER route_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON route_rules FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
CREATE TRIGGER slideshow_backgrounds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON slideshow_backgrounds FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
CREATE TRIGGER faqs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION atelier_note_runtime_change();
--> statement-breakpoint
-- Sessions are cached in a signed cookie for a minute (ADR 0026). When a session ends (sign-out,
-- revocation, ban) or what a session shows about its user changes (name, email, picture, role,
-- ban), processes are told the user's id, and read that user's sessions from the database again.
CREATE FUNCTION atelier_note_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('atelier_changes', 'user:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('atelier_changes', 'user:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_ended AFTER DELETE ON session FOR EACH ROW EXECUTE FUNCTION atelier_note_session_change();
--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE ON "user" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.image IS DISTINCT FROM NEW.image
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.banned IS DISTINCT FROM NEW.banned OR OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION atelier_note_session_change();
--> statement-breakpoint
CREATE TRIGGER user_deleted AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION atelier_note_session_change();
