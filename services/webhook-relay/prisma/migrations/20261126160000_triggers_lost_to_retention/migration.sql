-- A trigger whose unread events were removed by retention (they outlived the plan's window before the agent read
-- them) is marked: lost_through_seq is the capture number of the last of them. triggers.wait then answers 410
-- expired, naming the window, instead of skipping them silently; acknowledging past that number goes on.
ALTER TABLE "triggers" ADD COLUMN "lost_through_seq" BIGINT;
GRANT SELECT (endpoint_id, cursor_seq, lost_through_seq), UPDATE (lost_through_seq) ON triggers TO webhook_relay_retention;
CREATE POLICY retention_purge ON triggers FOR ALL TO webhook_relay_retention USING (true);

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
    INSERT INTO retention_payload_candidates (tenant_id, sha256)
    SELECT e.tenant_id, e.payload_sha256 FROM events e WHERE e.id = ANY (p_ids) GROUP BY e.tenant_id, e.payload_sha256
    ON CONFLICT DO NOTHING;
    DELETE FROM fan_out_pending f USING events e
     WHERE e.id = ANY (p_ids) AND f.endpoint_id = e.endpoint_id AND f.capture_seq = e.capture_seq;
    UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
      FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq FROM trigger_events t JOIN events e
                ON t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq
             WHERE e.id = ANY (p_ids) GROUP BY t.endpoint_id) x
     WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq;
    DELETE FROM trigger_events t USING events e
     WHERE e.id = ANY (p_ids) AND t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq;
    DELETE FROM deliveries d WHERE d.event_id = ANY (p_ids);
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
