-- Every instance keeps the transactions that status calls read in memory (docs/decisions/0060) and forgets one
-- when the database names it here, whoever changed it: any instance, a job, the retention run, a manual fix.
CREATE OR REPLACE FUNCTION notify_transaction_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('transaction_changed', OLD.id);
  ELSE
    PERFORM pg_notify('transaction_changed', NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER transactions_change_notice AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION notify_transaction_changed();
