-- More signed-in pages kept for their person (ADR 0050): the Studio pages show a person's
-- generations, an artwork's page their own reaction and whether the artwork is theirs. Every
-- write to those announces 'personal:<user id>' at commit too (0016's function), so every process
-- forgets that person's kept pages. A generation's progress ticks do not: the page's live stream
-- shows them; its status, error and refund do.
CREATE TRIGGER generations_personal AFTER INSERT OR DELETE ON generations FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER generations_personal_update AFTER UPDATE ON generations FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.error IS DISTINCT FROM NEW.error
    OR OLD.refunded IS DISTINCT FROM NEW.refunded OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER artwork_reactions_personal AFTER INSERT OR UPDATE OR DELETE ON artwork_reactions FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER artworks_personal AFTER INSERT OR UPDATE OR DELETE ON artworks FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
