-- The fan-out sweep leaves out events of its window that already have deliveries, unless a subscription of their
-- endpoint was made around or after their capture (prisma/functions/relay_events_to_fan_out.sql says more).

CREATE OR REPLACE FUNCTION relay_events_to_fan_out(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  newest timestamptz;
  waiting timestamptz;
  lower_id uuid;
  upper_id uuid;
BEGIN
  SELECT s.resume_from INTO mark FROM delivery_fanout_sweep s FOR UPDATE;
  lower_id := relay_uuid7_floor(mark);
  upper_id := relay_uuid7_floor(p_received_before);
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), max(d.received_at)
    INTO found_tenants, found_ids, newest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
           LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id < upper_id
           WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.duplicate_of IS NULL
             AND (NOT ev.to_verify OR c.event_id IS NOT NULL)
             AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = ev.endpoint_id)
             -- Fanned out already, with no subscription made around or after its capture: nothing to add.
             AND (NOT EXISTS (SELECT 1 FROM deliveries x WHERE x.event_id = ev.id AND x.replay_of IS NULL)
                  OR EXISTS (SELECT 1 FROM subscriptions s
                              WHERE s.endpoint_id = ev.endpoint_id AND s.updated_at >= ev.received_at - interval '10 seconds'))
           ORDER BY ev.id LIMIT p_limit) d;
  SELECT min(ev.received_at) INTO waiting FROM events ev
    LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id < upper_id
   WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.to_verify AND c.event_id IS NULL;
  UPDATE delivery_fanout_sweep SET resume_from = greatest(mark, least(
    coalesce(waiting, 'infinity'),
    CASE WHEN cardinality(found_ids) >= p_limit THEN newest ELSE p_received_before END));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
  -- Marks left behind (a crash between capture and fan-out): only when there are any, and only the events' own
  -- partitions (an id range), so an idle relay reads one empty index here and no partition of events.
  SELECT (SELECT p.event_id FROM fan_out_pending p WHERE p.received_at < p_received_before ORDER BY p.event_id LIMIT 1),
         (SELECT p.event_id FROM fan_out_pending p WHERE p.received_at < p_received_before ORDER BY p.event_id DESC LIMIT 1)
    INTO lower_id, upper_id;
  IF lower_id IS NOT NULL THEN
    RETURN QUERY
      SELECT p.tenant_id, p.event_id FROM fan_out_pending p
        JOIN events ev ON ev.id = p.event_id AND ev.id >= lower_id AND ev.id <= upper_id
        LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id <= upper_id
       WHERE p.received_at < p_received_before AND (NOT ev.to_verify OR c.event_id IS NOT NULL)
         AND NOT (p.event_id = ANY (coalesce(found_ids, '{}')))
       ORDER BY p.received_at LIMIT p_limit;
  END IF;
END
$$;

ALTER FUNCTION relay_events_to_fan_out(timestamptz, int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_events_to_fan_out(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_events_to_fan_out(timestamptz, int) TO webhook_relay_app;
