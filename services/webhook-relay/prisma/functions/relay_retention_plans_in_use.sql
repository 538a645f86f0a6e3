-- Retention (docs/retention.md): the plans some tenant is on. relay_maintain_partitions makes ranges ahead for those
-- only (cost follows traffic: a plan nobody is on has its default partition and nothing else). Runs as
-- webhook_relay_retention, which may read tenants across tenants (the maintenance's owner may not: tenants has
-- FORCE ROW LEVEL SECURITY). Called by relay_maintain_partitions only.

CREATE OR REPLACE FUNCTION relay_retention_plans_in_use() RETURNS SETOF varchar
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT p.id FROM plans p WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.plan_id = p.id) $$;

ALTER FUNCTION relay_retention_plans_in_use() OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_plans_in_use() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_plans_in_use() TO CURRENT_USER;
