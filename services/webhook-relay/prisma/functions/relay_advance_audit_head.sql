-- Trigger function of advance_audit_head (AFTER INSERT ON audit_entries, FOR EACH ROW). An inserted
-- entry must extend its tenant's head in audit_heads by exactly one (seq = entries + 1, prev_hash =
-- last_hash); the head moves with it, in the same transaction, under a row lock. SECURITY DEFINER,
-- owned by webhook_relay_audit, the only role allowed to write heads.
-- Called from SQL only (the trigger).

CREATE OR REPLACE FUNCTION relay_advance_audit_head() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  head_entries bigint;
  head_hash text;
  has_head boolean;
BEGIN
  SELECT h.entries, h.last_hash INTO head_entries, head_hash FROM audit_heads h WHERE h.tenant_id = NEW.tenant_id FOR UPDATE;
  has_head := FOUND;
  IF NOT has_head THEN
    -- No entry yet: the first one links to the genesis hash.
    head_entries := 0;
    head_hash := repeat('0', 64);
  END IF;
  IF NEW.seq <> head_entries + 1 OR NEW.prev_hash <> head_hash THEN
    RAISE EXCEPTION 'audit entry % (seq %, prev_hash %) does not extend the head of tenant % (% entries, last hash %)',
      NEW.id, NEW.seq, NEW.prev_hash, NEW.tenant_id, head_entries, head_hash
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NOT has_head THEN
    INSERT INTO audit_heads (tenant_id, entries, last_hash) VALUES (NEW.tenant_id, NEW.seq, NEW.hash);
  ELSE
    UPDATE audit_heads SET entries = NEW.seq, last_hash = NEW.hash WHERE tenant_id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END
$$;

ALTER FUNCTION relay_advance_audit_head() OWNER TO webhook_relay_audit;
REVOKE ALL ON FUNCTION relay_advance_audit_head() FROM PUBLIC;
