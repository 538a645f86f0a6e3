-- The outbox at a glance, for /metrics: how many deliveries to enabled destinations are pending (counted up to
-- p_count_limit) and when the oldest of them was queued. Read once per scrape, whatever the number of tenants;
-- both walk the pending deliveries only (the partial index deliveries_destination_pending_idx), so an idle
-- installation costs nothing. Across tenants, so SECURITY DEFINER, owned by webhook_relay_delivery; a count
-- and a time only.
-- Caller: src/db/functions/relay-outbox-stats.ts.

CREATE OR REPLACE FUNCTION relay_outbox_stats(p_count_limit int)
  RETURNS TABLE (pending bigint, oldest_pending_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT (SELECT count(*) FROM (SELECT 1 FROM deliveries x JOIN destinations d ON d.id = x.destination_id
                                 WHERE x.state = 'pending' AND d.enabled AND d.deleted_at IS NULL
                                 LIMIT p_count_limit) AS counted),
         (SELECT min(x.created_at) FROM deliveries x JOIN destinations d ON d.id = x.destination_id
           WHERE x.state = 'pending' AND d.enabled AND d.deleted_at IS NULL)
$$;

ALTER FUNCTION relay_outbox_stats(int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_outbox_stats(int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_outbox_stats(int) TO webhook_relay_app;
