-- Operator administration (RELAY_ADMIN_API_KEY, /admin/*): a tenant may be deleted (its data goes, the row
-- and its audit log stay), and the operator lists every tenant with its usage through one function, owned by
-- a NOLOGIN role that can read tenants, their usage and their keys across tenants and nothing else.

ALTER TABLE "tenants" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);

DO $$ BEGIN
  CREATE ROLE webhook_relay_admin NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
GRANT USAGE ON SCHEMA public TO webhook_relay_admin;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_admin;
GRANT EXECUTE ON FUNCTION relay_allowance_period(boolean, timestamptz) TO webhook_relay_admin;
GRANT SELECT ON tenants, plans, tenant_usage, api_keys TO webhook_relay_admin;
CREATE POLICY operator_read ON tenants FOR SELECT TO webhook_relay_admin USING (true);
CREATE POLICY operator_read ON tenant_usage FOR SELECT TO webhook_relay_admin USING (true);
CREATE POLICY operator_read ON api_keys FOR SELECT TO webhook_relay_admin USING (true);

CREATE OR REPLACE FUNCTION relay_admin_tenants(p_at timestamptz, p_after uuid, p_limit int, p_only uuid)
  RETURNS TABLE (id uuid, name varchar, plan_id varchar, capture_paused boolean, created_at timestamptz,
                 deleted_at timestamptz, events_captured bigint, active_api_keys bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT t.id, t.name, t.plan_id, t.capture_paused, t.created_at, t.deleted_at,
         COALESCE((SELECT sum(u.events_captured) FROM tenant_usage u
                    WHERE u.tenant_id = t.id AND u.period_start = relay_allowance_period(p.allowance_resets, p_at)), 0)::bigint,
         (SELECT count(*) FROM api_keys k WHERE k.tenant_id = t.id AND k.revoked_at IS NULL)
    FROM tenants t
    JOIN plans p ON p.id = t.plan_id
   WHERE (p_only IS NULL OR t.id = p_only) AND (p_after IS NULL OR t.id > p_after)
   ORDER BY t.id
   LIMIT p_limit
$$;

ALTER FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) OWNER TO webhook_relay_admin;
REVOKE ALL ON FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) TO webhook_relay_app;

CREATE OR REPLACE FUNCTION relay_admin_delete_tenant_data(p_tenant uuid)
  RETURNS TABLE (events bigint, deliveries bigint, endpoints bigint, destinations bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_events bigint;
  n_deliveries bigint;
  n_endpoints bigint;
  n_destinations bigint;
BEGIN
  IF p_tenant IS DISTINCT FROM app_current_tenant() THEN
    RAISE EXCEPTION 'relay_admin_delete_tenant_data: % is not the tenant this transaction is set to', p_tenant;
  END IF;
  DELETE FROM fan_out_pending f WHERE f.tenant_id = p_tenant;
  DELETE FROM deliveries x WHERE x.tenant_id = p_tenant;
  GET DIAGNOSTICS n_deliveries = ROW_COUNT;
  DELETE FROM event_checks c WHERE c.tenant_id = p_tenant;
  DELETE FROM events e WHERE e.tenant_id = p_tenant;
  GET DIAGNOSTICS n_events = ROW_COUNT;
  DELETE FROM payloads p WHERE p.tenant_id = p_tenant;
  DELETE FROM destinations d WHERE d.tenant_id = p_tenant;
  GET DIAGNOSTICS n_destinations = ROW_COUNT;
  DELETE FROM endpoints n WHERE n.tenant_id = p_tenant;
  GET DIAGNOSTICS n_endpoints = ROW_COUNT;
  DELETE FROM users u WHERE u.tenant_id = p_tenant;
  DELETE FROM idempotency_records i WHERE i.tenant_id = p_tenant;
  RETURN QUERY SELECT n_events, n_deliveries, n_endpoints, n_destinations;
END
$$;

REVOKE ALL ON FUNCTION relay_admin_delete_tenant_data(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_admin_delete_tenant_data(uuid) TO webhook_relay_app;
