-- The tenant and endpoint a live ingest token opens (not revoked, endpoint not deleted), by the
-- token's hash. SECURITY DEFINER, owned by webhook_relay_auth; ids only.
-- No caller in src/: capture resolves tokens with relay_resolve_ingest_token. Tests still call it.

CREATE OR REPLACE FUNCTION relay_find_ingest_token(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, endpoint_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT t.tenant_id, t.endpoint_id FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id
    WHERE t.token_hash = candidate_hash AND t.revoked_at IS NULL AND e.deleted_at IS NULL
  $$;

ALTER FUNCTION relay_find_ingest_token(bytea) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_ingest_token(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_ingest_token(bytea) TO webhook_relay_app;
