-- Which master keys wrapped the tenants' data keys, by fingerprint (ids only, never a key): the service
-- checks at start that RELAY_MASTER_KEY / RELAY_MASTER_KEY_PREVIOUS include every one of them, and
-- refuses to start otherwise, instead of failing every request that seals or opens a secret.
-- SECURITY DEFINER, owned by webhook_relay_auth as relay_find_api_key is: tenant_keys is per tenant
-- (row-level security) and no tenant is set at start.
GRANT SELECT ON tenant_keys TO webhook_relay_auth;
CREATE POLICY master_key_ids ON tenant_keys FOR SELECT TO webhook_relay_auth USING (true);

CREATE FUNCTION relay_master_key_ids()
  RETURNS TABLE (master_key_id text, tenants bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT k.master_key_id::text, count(*) FROM tenant_keys k GROUP BY k.master_key_id ORDER BY 1 $$;
ALTER FUNCTION relay_master_key_ids() OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_master_key_ids() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_master_key_ids() TO webhook_relay_app;
