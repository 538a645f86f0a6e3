-- Ends an MCP OAuth grant (a reused refresh token, a revocation request, a vanished API key or user) before any
-- tenant is known. SECURITY DEFINER, owned by webhook_relay_auth (which may set revoked_at on any grant).
-- Caller: src/db/functions/relay-revoke-oauth-grant.ts.

CREATE OR REPLACE FUNCTION relay_revoke_oauth_grant(p_grant uuid, p_at timestamptz)
  RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ UPDATE oauth_grants SET revoked_at = p_at WHERE id = p_grant AND revoked_at IS NULL $$;

ALTER FUNCTION relay_revoke_oauth_grant(uuid, timestamptz) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_revoke_oauth_grant(uuid, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_revoke_oauth_grant(uuid, timestamptz) TO webhook_relay_app;
