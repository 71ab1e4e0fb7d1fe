-- Live progress by notification (issue 18): when what a person sees of a generation changes
-- (status, progress, stage, error, refund, a retry's wait) or the row goes, processes are told
-- its id at commit on the 'atelier_changes' channel, instead of each open progress stream
-- reading the row a few times a second. Heartbeats alone do not notify.
CREATE FUNCTION atelier_note_generation_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('atelier_changes', 'generation:' || OLD.id);
  ELSE
    PERFORM pg_notify('atelier_changes', 'generation:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER generation_changed AFTER UPDATE ON generations FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progress IS DISTINCT FROM NEW.progress
    OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.error IS DISTINCT FROM NEW.error
    OR OLD.refunded IS DISTINCT FROM NEW.refunded OR OLD.attempts IS DISTINCT FROM NEW.attempts
    OR OLD.not_before IS DISTINCT FROM NEW.not_before)
  EXECUTE FUNCTION atelier_note_generation_change();
--> statement-breakpoint
CREATE TRIGGER generation_deleted AFTER DELETE ON generations FOR EACH ROW EXECUTE FUNCTION atelier_note_generation_change();
