-- Deleting an endpoint with `purge_events=true` (docs/retention.md): removes all its events at once, in the
-- request's transaction, through relay_retention_remove_events; their payloads go at the purge's next pass
-- once nothing refers to them. Only an endpoint of the tenant the transaction is set to, and only once it is
-- deleted. Runs as webhook_relay_retention. Caller: src/db/functions/relay-purge-endpoint-events.ts.

CREATE OR REPLACE FUNCTION relay_purge_endpoint_events(p_endpoint uuid)
  RETURNS TABLE (events bigint, deliveries bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM endpoints n
                  WHERE n.id = p_endpoint AND n.tenant_id = app_current_tenant() AND n.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'relay_purge_endpoint_events: % is not a deleted endpoint of the tenant this transaction is set to', p_endpoint;
  END IF;
  RETURN QUERY SELECT * FROM relay_retention_remove_events(ARRAY(SELECT e.id FROM events e WHERE e.endpoint_id = p_endpoint));
END
$$;

ALTER FUNCTION relay_purge_endpoint_events(uuid) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_endpoint_events(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_endpoint_events(uuid) TO webhook_relay_app;
