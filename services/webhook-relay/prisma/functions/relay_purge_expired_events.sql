-- Retention (docs/retention.md): removes events older than their tenant's plan window, with their checks,
-- deliveries (dead letters included), delivery attempts (by the deliveries' cascade) and fan-out marks, at
-- most p_max_events per call (relay_retention_remove_events). Their payload hashes are noted in
-- retention_payload_candidates for relay_purge_orphan_payloads, which removes those no event refers to any more. Audit entries are never
-- touched.
--
-- Cost follows traffic: each plan keeps a cursor (retention_sweep.scanned_through); a call reads, in id
-- order, only the events received between that cursor and the plan's cutoff (now - retention_days),
-- whatever their tenant, and deletes those whose tenant is on that plan. A tenant with nothing to expire
-- costs nothing; every event is read once per plan over its whole life. Ids are UUIDv7, so an id range is
-- a receipt-time range.
-- A tenant whose plan changed (retention_catch_up, written by a trigger on tenants) may have events the
-- new plan's cursor already passed: they are removed through the tenant's endpoints' (endpoint_id, id) index,
-- once, then its row goes. Only such tenants cost anything here.
-- One caller at a time across replicas: a transaction advisory lock, tried, never waited for (a second
-- caller gets zeros back and moves on).
-- Runs as the NOLOGIN role webhook_relay_retention, which may read tenants and plans and read and delete
-- the rows above across tenants, and nothing else.
-- Caller: src/db/functions/relay-purge-expired-events.ts.

CREATE OR REPLACE FUNCTION relay_purge_expired_events(p_now timestamptz, p_max_events int)
  RETURNS TABLE (events bigint, deliveries bigint, more boolean, busy boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  sweep record;
  catch_up record;
  cutoff uuid;
  scanned uuid[];
  found uuid[];
  doomed uuid[] := '{}';
  budget int := p_max_events;
  n_events bigint := 0;
  n_deliveries bigint := 0;
  unfinished boolean := false;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('relay_retention_purge', 0)) THEN
    RETURN QUERY SELECT 0::bigint, 0::bigint, false, true;
    RETURN;
  END IF;
  FOR sweep IN
    SELECT s.plan_id, s.scanned_through, p.retention_days
      FROM retention_sweep s JOIN plans p ON p.id = s.plan_id ORDER BY s.plan_id
  LOOP
    cutoff := relay_uuid7_floor(p_now - make_interval(days => sweep.retention_days));
    CONTINUE WHEN cutoff <= sweep.scanned_through;
    -- A plan nobody is on has nothing to remove: its cursor moves on without reading events.
    IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.plan_id = sweep.plan_id) THEN
      UPDATE retention_sweep s SET scanned_through = cutoff WHERE s.plan_id = sweep.plan_id;
      CONTINUE;
    END IF;
    IF budget <= 0 THEN
      unfinished := true;
      CONTINUE;
    END IF;
    -- The next events of the plan's slice, every tenant's (the primary key's order), up to the budget.
    SELECT array_agg(e.id ORDER BY e.id) INTO scanned
      FROM (SELECT x.id FROM events x WHERE x.id > sweep.scanned_through AND x.id < cutoff ORDER BY x.id LIMIT budget) e;
    SELECT array_agg(e.id) INTO found
      FROM events e JOIN tenants t ON t.id = e.tenant_id
     WHERE e.id = ANY (scanned) AND t.plan_id = sweep.plan_id;
    doomed := doomed || coalesce(found, '{}');
    IF coalesce(cardinality(scanned), 0) < budget THEN
      UPDATE retention_sweep s SET scanned_through = cutoff WHERE s.plan_id = sweep.plan_id;
    ELSE
      UPDATE retention_sweep s SET scanned_through = scanned[cardinality(scanned)] WHERE s.plan_id = sweep.plan_id;
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(scanned), 0);
  END LOOP;

  -- Tenants whose plan changed: their events before their window, endpoint by endpoint (deleted ones too).
  FOR catch_up IN
    SELECT k.tenant_id, p.retention_days
      FROM retention_catch_up k JOIN tenants t ON t.id = k.tenant_id JOIN plans p ON p.id = t.plan_id
     ORDER BY k.requested_at, k.tenant_id
  LOOP
    IF budget <= 0 THEN
      unfinished := true;
      EXIT;
    END IF;
    cutoff := relay_uuid7_floor(p_now - make_interval(days => catch_up.retention_days));
    SELECT array_agg(x.id) INTO found
      FROM (SELECT e.id FROM endpoints n
              CROSS JOIN LATERAL (SELECT v.id FROM events v WHERE v.endpoint_id = n.id AND v.id < cutoff ORDER BY v.id LIMIT budget) e
             WHERE n.tenant_id = catch_up.tenant_id
             LIMIT budget) x;
    doomed := doomed || coalesce(found, '{}');
    IF coalesce(cardinality(found), 0) < budget THEN
      DELETE FROM retention_catch_up k WHERE k.tenant_id = catch_up.tenant_id;
    ELSE
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(found), 0);
  END LOOP;

  SELECT r.events, r.deliveries INTO n_events, n_deliveries FROM relay_retention_remove_events(doomed) r;
  RETURN QUERY SELECT n_events, n_deliveries, unfinished, false;
END
$$;

ALTER FUNCTION relay_purge_expired_events(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_expired_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_expired_events(timestamptz, int) TO webhook_relay_app;
