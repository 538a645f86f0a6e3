-- Tenant isolation in the database itself (shared/DESIGN.md, webhook-relay "Tenancy").
--
-- webhook_relay_app   the role the service connects as: owns nothing, sees only the rows of the tenant
--                     its transaction set (`SELECT set_config('app.tenant_id', <uuid>, true)`), and may
--                     only insert and read audit entries.
-- webhook_relay_auth  NOLOGIN; owns the two SECURITY DEFINER lookups that must find a row before any
--                     tenant is known (an API key, an ingest token) and returns nothing but ids.
-- Policies apply to every role, the table owner included (FORCE); only superusers bypass them.

DO $$
BEGIN
  CREATE ROLE webhook_relay_app LOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

DO $$
BEGIN
  CREATE ROLE webhook_relay_auth NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- The tenant of the current transaction; NULL when none was set (a custom setting that was only ever
-- set locally reads back as '' afterwards, hence NULLIF). NULL matches no row.
CREATE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;

GRANT USAGE ON SCHEMA public TO webhook_relay_app, webhook_relay_auth;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_app, webhook_relay_auth;

GRANT SELECT ON plans TO webhook_relay_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON
  tenants, tenant_keys, users, api_keys, endpoints, ingest_tokens, provider_secrets, payloads, events,
  destinations, destination_secrets, subscriptions, deliveries, delivery_attempts, triggers, cursors,
  idempotency_records
  TO webhook_relay_app;
-- Append-only: no UPDATE, DELETE or TRUNCATE for the application.
GRANT SELECT, INSERT ON audit_entries TO webhook_relay_app;
GRANT USAGE ON SEQUENCE deliveries_position_seq TO webhook_relay_app;

DO $$
DECLARE
  tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY[
    'tenant_keys', 'users', 'api_keys', 'endpoints', 'ingest_tokens', 'provider_secrets', 'payloads',
    'events', 'destinations', 'destination_secrets', 'subscriptions', 'deliveries', 'delivery_attempts',
    'triggers', 'cursors', 'audit_entries', 'idempotency_records'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
      tenant_table
    );
  END LOOP;
END $$;

ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenants USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant());

-- The lookups before a tenant is known. The auth role may read these two tables whole, and only
-- through these functions: the application gets ids back, never the rows.
GRANT SELECT ON api_keys, ingest_tokens, endpoints TO webhook_relay_auth;
CREATE POLICY lookup_by_hash ON api_keys FOR SELECT TO webhook_relay_auth USING (true);
CREATE POLICY lookup_by_hash ON ingest_tokens FOR SELECT TO webhook_relay_auth USING (true);
CREATE POLICY lookup_by_hash ON endpoints FOR SELECT TO webhook_relay_auth USING (true);

CREATE FUNCTION relay_find_api_key(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, api_key_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT k.tenant_id, k.id FROM api_keys k WHERE k.key_hash = candidate_hash AND k.revoked_at IS NULL $$;

CREATE FUNCTION relay_find_ingest_token(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, endpoint_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT t.tenant_id, t.endpoint_id FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id
    WHERE t.token_hash = candidate_hash AND t.revoked_at IS NULL AND e.deleted_at IS NULL
  $$;

ALTER FUNCTION relay_find_api_key(bytea) OWNER TO webhook_relay_auth;
ALTER FUNCTION relay_find_ingest_token(bytea) OWNER TO webhook_relay_auth;
REVOKE ALL ON FUNCTION relay_find_api_key(bytea), relay_find_ingest_token(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_find_api_key(bytea), relay_find_ingest_token(bytea) TO webhook_relay_app;

INSERT INTO plans (id, name, event_allowance, allowance_resets, retention_days) VALUES
  ('free', 'Free', 5000, false, 7),
  ('pro', 'Pro', 100000, true, 30),
  ('scale', 'Scale', 1000000, true, 90),
  ('enterprise', 'Enterprise', NULL, true, 365);
