-- The head of each tenant's audit chain, anchored where the application cannot move it back (issue 23).
--
-- The chain alone proves that no entry was changed and none removed from the middle, but deleting the
-- newest entries leaves a shorter chain that is just as valid. audit_heads keeps, per tenant, how many
-- entries the chain has and the hash of the last one. Only the trigger below writes it: every insert into
-- audit_entries must extend the head by exactly one (seq = entries + 1, prev_hash = last_hash) and moves
-- it forward in the same statement, hence the same transaction. The application role may read heads but
-- not insert, update or delete them, and may not update or delete audit entries (nor, since this
-- migration, its tenant, whose deletion cascades to both), so with its rights the newest entries can be
-- neither removed nor hidden; `audit verify` compares the chain with the head.
--
-- What it does not stop: the table owner or a superuser can delete entries and rewrite the head to match
-- (or drop the trigger). Anchoring against them needs the head outside this database (signed checkpoints).
--
-- webhook_relay_audit  NOLOGIN; owns the trigger function and may write heads, nothing else.

DO $$
BEGIN
  CREATE ROLE webhook_relay_audit NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- CreateTable
CREATE TABLE "audit_heads" (
    "tenant_id" UUID NOT NULL,
    "entries" BIGINT NOT NULL,
    "last_hash" CHAR(64) NOT NULL,

    CONSTRAINT "audit_heads_pkey" PRIMARY KEY ("tenant_id")
);

-- AddForeignKey
ALTER TABLE "audit_heads" ADD CONSTRAINT "audit_heads_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The heads of the chains there are (migrations run as the owner, which reads every tenant's rows). A
-- chain already broken keeps its break: the head is its newest entry, and verify still names the break.
INSERT INTO audit_heads (tenant_id, entries, last_hash)
SELECT DISTINCT ON (tenant_id) tenant_id, seq, hash FROM audit_entries ORDER BY tenant_id, seq DESC;

ALTER TABLE audit_heads ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_heads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_heads USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- Read only: the head moves through the trigger alone.
GRANT SELECT ON audit_heads TO webhook_relay_app;
-- Deleting its tenant row would take the whole log and its head along (the foreign keys cascade, with
-- the owner's rights): the service never deletes a tenant, so its role may not.
REVOKE DELETE ON tenants FROM webhook_relay_app;

GRANT USAGE ON SCHEMA public TO webhook_relay_audit;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_audit;
GRANT SELECT, INSERT, UPDATE ON audit_heads TO webhook_relay_audit;
-- The inserted entry already passed audit_entries' tenant policy (or came from a superuser, who has no
-- tenant set): the trigger advances the head of the entry's own tenant, whichever tenant is set.
CREATE POLICY advance_head ON audit_heads TO webhook_relay_audit USING (true) WITH CHECK (true);

-- Appends of one tenant also take turns in the application (a transaction advisory lock); the row lock
-- here keeps the head right for any writer, and a first entry racing another first entry fails on the
-- primary key instead of forking.
CREATE FUNCTION relay_advance_audit_head() RETURNS trigger
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

CREATE TRIGGER advance_audit_head AFTER INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION relay_advance_audit_head();
