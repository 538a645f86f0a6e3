-- An MCP OAuth grant by id, whatever its tenant: an access token names its grant, a refresh token or code leads to
-- one, before any tenant is set. SECURITY DEFINER, owned by webhook_relay_auth (which may read oauth_grants whole).
-- Caller: src/db/functions/relay-find-oauth-grant.ts.

CREATE OR REPLACE FUNCTION relay_find_oauth_grant(p_grant uuid)
  RETURNS TABLE (tenant_id uuid, client_id text, actor text, user_id uuid, api_key_sha256 bytea, scopes text[], revoked_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT g.tenant_id, g.client_id, g.actor, g.user_id, g.api_key_sha256, g.scopes, g.revoked_at FROM oauth_grants g WHERE g.id = p_grant $$;

ALTER FUNCTION relay_find_oauth_grant(uuid) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_oauth_grant(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_oauth_grant(uuid) TO webhook_relay_app;
