-- Retention (docs/retention.md): before a partition of events is dropped, removes what refers to its events (a
-- plan's events received in [p_lo, p_hi), ids being UUIDv7): their deliveries, dead letters and pending ones alike
-- (their attempts by the foreign key's cascade), their rows in MCP triggers' feed (a trigger that had not read
-- them yet is marked in lost_through_seq, so triggers.wait says so instead of skipping them silently), their
-- fan-out marks and their dedup keys. Each is found through an index on its event id, so the cost follows what
-- refers to the events, not how many there are. Their checks and payloads are partitioned with them.
-- Runs as webhook_relay_retention. Called by relay_maintain_partitions only (no grant to the application).

CREATE OR REPLACE FUNCTION relay_retention_clear_range(p_plan varchar, p_lo uuid, p_hi uuid)
  RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_deliveries bigint;
BEGIN
  UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
    FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq FROM trigger_events t
           WHERE t.event_id >= p_lo AND t.event_id < p_hi
             AND EXISTS (SELECT 1 FROM events e WHERE e.id = t.event_id AND e.plan_id = p_plan)
           GROUP BY t.endpoint_id) x
   WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq;
  DELETE FROM trigger_events t
   WHERE t.event_id >= p_lo AND t.event_id < p_hi
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = t.event_id AND e.plan_id = p_plan);
  DELETE FROM fan_out_pending f
   WHERE f.event_id >= p_lo AND f.event_id < p_hi
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = f.event_id AND e.plan_id = p_plan);
  DELETE FROM event_dedup_keys k
   WHERE k.event_id >= p_lo AND k.event_id < p_hi
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = k.event_id AND e.plan_id = p_plan);
  DELETE FROM deliveries d
   WHERE d.event_id >= p_lo AND d.event_id < p_hi
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = d.event_id AND e.plan_id = p_plan);
  GET DIAGNOSTICS n_deliveries = ROW_COUNT;
  RETURN n_deliveries;
END
$$;

ALTER FUNCTION relay_retention_clear_range(varchar, uuid, uuid) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_clear_range(varchar, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_clear_range(varchar, uuid, uuid) TO CURRENT_USER;
