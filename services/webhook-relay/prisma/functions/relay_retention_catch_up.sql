-- Retention after a plan change (docs/retention.md). An event stays in the partitions of the plan its tenant was on
-- when it was captured, and they are dropped on that plan's schedule. For a tenant whose plan changed
-- (retention_catch_up, written by a trigger on tenants), this removes its events that the new window no longer
-- holds and moves the others, with their checks and a copy of their payloads, into the new plan's partitions, at
-- most p_max events per call. The copies left behind go with their old partitions. Only such tenants cost
-- anything: the events are found through the tenant's endpoints' (endpoint_id, id) index, in the other plans'
-- partitions only. A change is handled a minute after it was made, once the captures that read the old plan have
-- committed. Windows are counted from p_now, at most retention_clock.max_lead_seconds ahead of the database's clock
-- (relay_retention_now).
-- Runs as webhook_relay_retention. Caller: src/db/functions/relay-retention-catch-up.ts.

CREATE OR REPLACE FUNCTION relay_retention_catch_up(p_now timestamptz, p_max int)
  RETURNS TABLE (removed bigint, moved bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  catch_up record;
  others varchar[];
  cutoff uuid;
  found_ids uuid[];
  doomed uuid[];
  moving uuid[];
  budget int := p_max;
  pass_at timestamptz := relay_retention_now(p_now);
  n_removed bigint := 0;
  n_moved bigint := 0;
  unfinished boolean := false;
BEGIN
  FOR catch_up IN
    SELECT k.tenant_id, t.plan_id, p.retention_days
      FROM retention_catch_up k JOIN tenants t ON t.id = k.tenant_id JOIN plans p ON p.id = t.plan_id
     WHERE k.requested_at <= now() - interval '1 minute'
     ORDER BY k.requested_at, k.tenant_id
  LOOP
    IF budget <= 0 THEN
      unfinished := true;
      EXIT;
    END IF;
    others := ARRAY(SELECT p.id FROM plans p WHERE p.id <> catch_up.plan_id);
    cutoff := relay_uuid7_floor(pass_at - make_interval(days => catch_up.retention_days));
    SELECT array_agg(x.id) INTO found_ids
      FROM (SELECT e.id FROM endpoints n
              CROSS JOIN LATERAL (SELECT v.id FROM events v WHERE v.endpoint_id = n.id AND v.plan_id = ANY (others) LIMIT budget) e
             WHERE n.tenant_id = catch_up.tenant_id
             LIMIT budget) x;
    doomed := ARRAY(SELECT i FROM unnest(found_ids) AS i WHERE i < cutoff);
    moving := ARRAY(SELECT i FROM unnest(found_ids) AS i WHERE i >= cutoff);
    IF cardinality(doomed) > 0 THEN
      n_removed := n_removed + (SELECT r.events FROM relay_retention_remove_events(doomed) r);
    END IF;
    IF cardinality(moving) > 0 THEN
      INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size, created_at)
      SELECT DISTINCT ON (p.sha256, p.day) p.tenant_id, p.sha256, catch_up.plan_id, p.day, p.body, p.size, p.created_at
        FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
       WHERE e.id = ANY (moving) AND e.plan_id = ANY (others)
      ON CONFLICT DO NOTHING;
      UPDATE event_checks c SET plan_id = catch_up.plan_id WHERE c.event_id = ANY (moving) AND c.plan_id = ANY (others);
      UPDATE events e SET plan_id = catch_up.plan_id WHERE e.id = ANY (moving) AND e.plan_id = ANY (others);
      n_moved := n_moved + cardinality(moving);
    END IF;
    IF coalesce(cardinality(found_ids), 0) < budget THEN
      DELETE FROM retention_catch_up k WHERE k.tenant_id = catch_up.tenant_id;
    ELSE
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(found_ids), 0);
  END LOOP;
  RETURN QUERY SELECT n_removed, n_moved, unfinished;
END
$$;

ALTER FUNCTION relay_retention_catch_up(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_catch_up(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_catch_up(timestamptz, int) TO webhook_relay_app;
