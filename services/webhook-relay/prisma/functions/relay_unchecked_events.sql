-- The verification sweep: events due a check that have no result and were received in
-- [mark, p_received_before), as an id range (ids are UUIDv7 of the received time), oldest first;
-- tenant and id only. The mark (verification_sweep) then moves to the oldest one returned, or to
-- p_received_before when there is none. Across tenants, so SECURITY DEFINER, owned by
-- webhook_relay_ingest.
-- Caller: src/db/functions/relay-unchecked-events.ts (a long statement: LONG_STATEMENTS in src/db/prisma.ts).

CREATE OR REPLACE FUNCTION relay_unchecked_events(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  oldest timestamptz;
BEGIN
  SELECT s.resume_from INTO mark FROM verification_sweep s FOR UPDATE;
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), min(d.received_at)
    INTO found_tenants, found_ids, oldest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
            LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id
                  AND c.event_id >= relay_uuid7_floor(mark) AND c.event_id < relay_uuid7_floor(p_received_before)
           WHERE ev.id >= relay_uuid7_floor(mark) AND ev.id < relay_uuid7_floor(p_received_before) AND ev.to_verify
             AND c.event_id IS NULL
           ORDER BY ev.id LIMIT p_limit) d;
  UPDATE verification_sweep SET resume_from = greatest(mark, coalesce(oldest, p_received_before));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
END
$$;

ALTER FUNCTION relay_unchecked_events(timestamptz, int) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_unchecked_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_unchecked_events(timestamptz, int) TO webhook_relay_app;
