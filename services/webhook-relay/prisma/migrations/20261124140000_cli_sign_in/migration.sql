-- Browser sign-in for the command-line tool (OpenID Connect / OAuth2 with PKCE).
--
-- sign_in_requests  one row per sign-in in progress, between the redirect to the identity provider and
--                   its callback. Belongs to no tenant yet (the account may not exist), so it has no
--                   tenant_id and no row-level security, like `plans`. The row is deleted when the callback
--                   uses it (one use) and is worthless after expires_at. `state` is stored hashed.
-- relay_find_user_by_identity  finds the tenant of a returning user before any tenant is known, the way
--                   relay_find_api_key does for keys: SECURITY DEFINER, owned by webhook_relay_auth,
--                   and it returns ids only.

CREATE TABLE "sign_in_requests" (
    "state_hash" BYTEA NOT NULL,
    "provider_id" VARCHAR(64) NOT NULL,
    "nonce" VARCHAR(128) NOT NULL,
    "code_verifier" VARCHAR(128) NOT NULL,
    "cli_redirect_uri" TEXT NOT NULL,
    "cli_state" VARCHAR(512) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sign_in_requests_pkey" PRIMARY KEY ("state_hash")
);

CREATE INDEX "sign_in_requests_expires_at_idx" ON "sign_in_requests"("expires_at");

GRANT SELECT, INSERT, DELETE ON sign_in_requests TO webhook_relay_app;

GRANT SELECT ON users TO webhook_relay_auth;
CREATE POLICY lookup_by_identity ON users FOR SELECT TO webhook_relay_auth USING (true);

CREATE FUNCTION relay_find_user_by_identity(p_issuer text, p_subject text)
  RETURNS TABLE (tenant_id uuid, user_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT u.tenant_id, u.id FROM users u WHERE u.identity_issuer = p_issuer AND u.identity_subject = p_subject $$;

ALTER FUNCTION relay_find_user_by_identity(text, text) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_user_by_identity(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_user_by_identity(text, text) TO webhook_relay_app;
