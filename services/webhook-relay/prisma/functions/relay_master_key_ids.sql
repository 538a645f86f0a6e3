-- The master keys (by fingerprint, never a key) that wrapped the tenants' data keys, with how many
-- tenants each: at start the service refuses to serve when its configured keys do not open them all.
-- tenant_keys is per tenant and no tenant is set at start, so SECURITY DEFINER, owned by
-- webhook_relay_auth.
-- Caller: src/db/functions/relay-master-key-ids.ts.

CREATE OR REPLACE FUNCTION relay_master_key_ids()
  RETURNS TABLE (master_key_id text, tenants bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT k.master_key_id::text, count(*) FROM tenant_keys k GROUP BY k.master_key_id ORDER BY 1 $$;

ALTER FUNCTION relay_master_key_ids() OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_master_key_ids() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_master_key_ids() TO webhook_relay_app;
