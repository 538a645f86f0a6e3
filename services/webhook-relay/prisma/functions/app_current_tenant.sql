-- The tenant the current transaction set (`SELECT set_config('app.tenant_id', <uuid>, true)`), or NULL
-- when none was set: every tenant_isolation policy compares rows with it, and NULL matches no row. A
-- setting only ever set locally reads back as '' after its transaction ends, hence the NULLIF.
-- Called from SQL only (the row-level security policies).

CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;

GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_app, webhook_relay_auth, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_audit,
  webhook_relay_admin, webhook_relay_retention;
