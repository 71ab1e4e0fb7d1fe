-- A person's browsing level (issue 40) decides what their pages show: a change of it announces the
-- person like a change of name or role, so every process forgets their cookie copies and kept pages.
DROP TRIGGER IF EXISTS user_changed ON "user";
--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE ON "user" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.image IS DISTINCT FROM NEW.image
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.banned IS DISTINCT FROM NEW.banned OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.browsing_level IS DISTINCT FROM NEW.browsing_level)
  EXECUTE FUNCTION atelier_note_session_change();
