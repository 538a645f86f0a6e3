-- The tenant and id of a live (not revoked) API key, by the SHA-256 of the key. It runs before any
-- tenant is known, so it is SECURITY DEFINER, owned by webhook_relay_auth (which may read api_keys
-- whole), and returns ids only.
-- Caller: src/db/functions/relay-find-api-key.ts.

CREATE OR REPLACE FUNCTION relay_find_api_key(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, api_key_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT k.tenant_id, k.id FROM api_keys k WHERE k.key_hash = candidate_hash AND k.revoked_at IS NULL $$;

ALTER FUNCTION relay_find_api_key(bytea) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_api_key(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_api_key(bytea) TO webhook_relay_app;
