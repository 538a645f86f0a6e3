-- A returning user's tenant and id, by the identity provider's issuer and subject, before any tenant
-- is known (CLI sign-in). SECURITY DEFINER, owned by webhook_relay_auth; ids only.
-- Caller: src/db/functions/relay-find-user-by-identity.ts.

CREATE OR REPLACE FUNCTION relay_find_user_by_identity(p_issuer text, p_subject text)
  RETURNS TABLE (tenant_id uuid, user_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT u.tenant_id, u.id FROM users u WHERE u.identity_issuer = p_issuer AND u.identity_subject = p_subject $$;

ALTER FUNCTION relay_find_user_by_identity(text, text) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_user_by_identity(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_user_by_identity(text, text) TO webhook_relay_app;
