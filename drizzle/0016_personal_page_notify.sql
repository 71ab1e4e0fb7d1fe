-- Signed-in pages kept for their person (ADR 0040): every write to what such a page shows of one
-- person (sign-in methods, sessions, a pending email change, balance and ledger, purchases,
-- notifications) tells every process that person's id at commit on the 'atelier_changes' channel,
-- as 'personal:<user id>', and their kept pages go. The trigger's argument names the column that
-- holds the person: a user id column, a transaction id (lines and events of a purchase), or the
-- verification identifier of a pending email change ('change-email-<user id>').
CREATE FUNCTION atelier_note_personal_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  person text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_ARGV[0] = 'transaction_id' THEN
    SELECT user_id INTO person FROM transactions WHERE id = (changed->>'transaction_id')::uuid;
  ELSIF TG_ARGV[0] = 'identifier' THEN
    IF changed->>'identifier' LIKE 'change-email-%' THEN
      person := substr(changed->>'identifier', length('change-email-') + 1);
    END IF;
  ELSE
    person := changed->>TG_ARGV[0];
  END IF;
  IF person IS NOT NULL THEN
    PERFORM pg_notify('atelier_changes', 'personal:' || person);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_personal AFTER INSERT OR UPDATE ON session FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER account_personal AFTER INSERT OR UPDATE OR DELETE ON account FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER verification_personal AFTER INSERT OR UPDATE OR DELETE ON verification FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('identifier');
--> statement-breakpoint
CREATE TRIGGER token_accounts_personal AFTER INSERT OR UPDATE OR DELETE ON token_accounts FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER token_ledger_personal AFTER INSERT OR UPDATE OR DELETE ON token_ledger FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER transactions_personal AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
--> statement-breakpoint
CREATE TRIGGER transaction_lines_personal AFTER INSERT OR UPDATE OR DELETE ON transaction_lines FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('transaction_id');
--> statement-breakpoint
CREATE TRIGGER transaction_events_personal AFTER INSERT OR UPDATE OR DELETE ON transaction_events FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('transaction_id');
--> statement-breakpoint
CREATE TRIGGER notifications_personal AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION atelier_note_personal_change('user_id');
