-- Deletes a tenant's data for /admin's DELETE /admin/tenants/{id}: deliveries (their attempts with them),
-- events with their checks and payloads, destinations and endpoints (their secrets, tokens, subscriptions,
-- triggers, cursors, issues and bulk retries with them), notification targets (their notifications with them),
-- event types (their schemas), users and idempotency records. The tenant row, its keys (revoked by the
-- caller) and its audit log stay. Only the tenant the transaction is set to (app.tenant_id): owned by the
-- role that runs migrations, which owns the tables, so the tenant_isolation policies still apply to it
-- (FORCE ROW LEVEL SECURITY); the application role may not delete event checks itself.
-- Caller: src/db/functions/relay-admin-delete-tenant-data.ts.

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
  DELETE FROM delivery_attempts a USING deliveries x WHERE a.delivery_id = x.id AND x.tenant_id = p_tenant;
  DELETE FROM deliveries x WHERE x.tenant_id = p_tenant;
  GET DIAGNOSTICS n_deliveries = ROW_COUNT;
  DELETE FROM event_checks c WHERE c.tenant_id = p_tenant;
  DELETE FROM events e WHERE e.tenant_id = p_tenant;
  GET DIAGNOSTICS n_events = ROW_COUNT;
  DELETE FROM payloads p WHERE p.tenant_id = p_tenant;
  DELETE FROM event_dedup_keys k USING endpoints n WHERE n.tenant_id = p_tenant AND k.endpoint_id = n.id;
  DELETE FROM destinations d WHERE d.tenant_id = p_tenant;
  GET DIAGNOSTICS n_destinations = ROW_COUNT;
  DELETE FROM endpoints n WHERE n.tenant_id = p_tenant;
  GET DIAGNOSTICS n_endpoints = ROW_COUNT;
  DELETE FROM notification_targets t WHERE t.tenant_id = p_tenant;
  DELETE FROM event_type_schemas s WHERE s.tenant_id = p_tenant;
  DELETE FROM users u WHERE u.tenant_id = p_tenant;
  DELETE FROM idempotency_records i WHERE i.tenant_id = p_tenant;
  RETURN QUERY SELECT n_events, n_deliveries, n_endpoints, n_destinations;
END
$$;

REVOKE ALL ON FUNCTION relay_admin_delete_tenant_data(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_admin_delete_tenant_data(uuid) TO webhook_relay_app;
