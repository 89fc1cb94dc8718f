-- A deleted account (Mi cuenta, ADR 028) leaves no email behind: the audit rows it wrote as an owner keep their
-- action and its actor id (a random id that names nobody once the account is gone) but lose the actor email.
-- The log stays append-only for everything else: the one UPDATE allowed is that one, on the rows of the
-- account named by the deleting transaction (SET LOCAL vidriera.cuenta_eliminada), with every other column
-- unchanged.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.actor_id IS NOT NULL
     AND OLD.actor_id = current_setting('vidriera.cuenta_eliminada', true)
     AND NEW.actor_email = 'cuenta eliminada'
     AND (NEW.id, NEW.actor_id, NEW.action, NEW.target_type, NEW.target_id, NEW.reason, NEW.before, NEW.after, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.actor_id, OLD.action, OLD.target_type, OLD.target_id, OLD.reason, OLD.before, OLD.after, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
