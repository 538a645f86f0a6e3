-- The enabled destinations (not deleted, not paused) of every tenant that have pending deliveries, each with how many
-- are pending, counted up to p_count_limit: the delivery reconciler compares the count with the jobs Redis
-- holds and makes sure each destination is marked ready. It walks the partial index
-- deliveries_destination_pending_idx one destination at a time (a loose index scan), so a pass costs in
-- proportion to the destinations with pending deliveries, not to all destinations (idle ones cost nothing)
-- nor to the length of a backlog. Across tenants, so SECURITY DEFINER, owned by webhook_relay_delivery;
-- ids and counts only.
-- Caller: src/db/functions/relay-pending-destinations.ts (a long statement: LONG_STATEMENTS in src/db/prisma.ts).

CREATE OR REPLACE FUNCTION relay_pending_destinations(p_count_limit int)
  RETURNS TABLE (tenant_id uuid, destination_id uuid, pending bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  WITH RECURSIVE walk(destination_id) AS (
    (SELECT x.destination_id FROM deliveries x WHERE x.state = 'pending' ORDER BY x.destination_id LIMIT 1)
    UNION ALL
    SELECT (SELECT x.destination_id FROM deliveries x
             WHERE x.state = 'pending' AND x.destination_id > w.destination_id
             ORDER BY x.destination_id LIMIT 1)
      FROM walk w
     WHERE w.destination_id IS NOT NULL
  )
  SELECT d.tenant_id, d.id,
         (SELECT count(*) FROM (SELECT 1 FROM deliveries x
                                 WHERE x.destination_id = d.id AND x.state = 'pending' LIMIT p_count_limit) AS counted)
    FROM walk w
    JOIN destinations d ON d.id = w.destination_id
   WHERE d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL
$$;

ALTER FUNCTION relay_pending_destinations(int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_pending_destinations(int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_pending_destinations(int) TO webhook_relay_app;
