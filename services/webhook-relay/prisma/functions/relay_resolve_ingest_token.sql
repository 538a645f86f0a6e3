-- What capture needs to know before it stores a request: the tenant and endpoint a live token opens,
-- and the endpoint's provider and deduplication settings. Before any tenant is known, so SECURITY
-- DEFINER, owned by webhook_relay_ingest; ids and settings only.
-- Caller: src/db/functions/relay-resolve-ingest-token.ts.

CREATE OR REPLACE FUNCTION relay_resolve_ingest_token(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, endpoint_id uuid, provider varchar, dedup_strategy varchar, dedup_fields text[], dedup_window_seconds int)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT t.tenant_id, t.endpoint_id, e.provider, e.dedup_strategy, e.dedup_fields, e.dedup_window_seconds
      FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id
     WHERE t.token_hash = candidate_hash AND t.revoked_at IS NULL AND e.deleted_at IS NULL
  $$;

ALTER FUNCTION relay_resolve_ingest_token(bytea) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_resolve_ingest_token(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_resolve_ingest_token(bytea) TO webhook_relay_app;
