-- Retention (docs/retention.md): removes the given events with their checks, fan-out marks, dedup keys, trigger feed
-- rows (trigger_events; a trigger that had not read them yet is marked in lost_through_seq, so triggers.wait can say
-- so instead of skipping them silently) and deliveries with their attempts. Row deletes,
-- for the few events that are not removed with their partition: those of a deleted endpoint purged at once
-- (relay_purge_endpoint_events), of a tenant whose new plan's window no longer holds them
-- (relay_retention_catch_up), and expired ones that reached a default partition (relay_maintain_partitions).
-- Their payloads go with their partition. Called by those functions only (no grant to the application).

CREATE OR REPLACE FUNCTION relay_retention_remove_events(p_ids uuid[])
  RETURNS TABLE (events bigint, deliveries bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_events bigint := 0;
  n_deliveries bigint := 0;
BEGIN
  IF cardinality(p_ids) > 0 THEN
    DELETE FROM fan_out_pending f USING events e
     WHERE e.id = ANY (p_ids) AND f.endpoint_id = e.endpoint_id AND f.capture_seq = e.capture_seq;
    UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
      FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq FROM trigger_events t JOIN events e
                ON t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq
             WHERE e.id = ANY (p_ids) GROUP BY t.endpoint_id) x
     WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq;
    DELETE FROM trigger_events t USING events e
     WHERE e.id = ANY (p_ids) AND t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq;
    DELETE FROM event_dedup_keys k WHERE k.event_id = ANY (p_ids);
    DELETE FROM delivery_attempts a USING events e WHERE e.id = ANY (p_ids) AND a.tenant_id = e.tenant_id AND a.event_id = e.id;
    DELETE FROM deliveries d USING events e WHERE e.id = ANY (p_ids) AND d.tenant_id = e.tenant_id AND d.event_id = e.id;
    GET DIAGNOSTICS n_deliveries = ROW_COUNT;
    DELETE FROM event_checks c WHERE c.event_id = ANY (p_ids);
    DELETE FROM events e WHERE e.id = ANY (p_ids);
    GET DIAGNOSTICS n_events = ROW_COUNT;
  END IF;
  RETURN QUERY SELECT n_events, n_deliveries;
END
$$;

ALTER FUNCTION relay_retention_remove_events(uuid[]) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_remove_events(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_remove_events(uuid[]) TO CURRENT_USER;
