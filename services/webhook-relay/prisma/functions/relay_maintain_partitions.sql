-- Retention by partitions (docs/retention.md). events, payloads and event_checks are partitioned by plan (LIST on
-- plan_id: the tenant's plan when the event was captured), then by receipt time (RANGE on the event id, a UUIDv7,
-- or on payloads.day), in the schema relay_partitions. Per plan, a partition spans ceil(retention_days / 30) days
-- (a day for windows up to 30 days), so a plan holds about 31 of them, and event_partitions lists them.
--
-- One pass at p_now (at most retention_clock.max_lead_seconds ahead of the database's clock: relay_retention_now):
-- - creates the partitions of each plan some tenant is on from today through today + p_ahead_days that do not exist
--   yet (capture never waits for this: until a range has its partition, its rows go to the plan's default
--   partition, and creating the partition moves them in);
-- - rows in a plan's default partition that are older than today get partitions of their own too, or are
--   removed when they are already past the window;
-- - drops every partition whose whole span is past its plan's window, after relay_retention_clear_range has
--   removed what refers to its events (deliveries and their attempts, trigger feed rows, fan-out marks, dedup
--   keys). Dropping a table costs the same whatever it holds, and gives its disk back at once.
-- A partition it cannot lock within lock_timeout (a capture or a long query on it) is left for the next pass:
-- dropping one locks its plan's table and default partition (ACCESS EXCLUSIVE), so captures of that plan wait
-- for the drop itself (milliseconds) or for lock_timeout at most.
-- One caller at a time across replicas: a transaction advisory lock, tried, never waited for.
-- Owned by the role that runs migrations (it owns the tables: creating and dropping partitions needs it).
-- Caller: src/db/functions/relay-maintain-partitions.ts.

CREATE OR REPLACE FUNCTION relay_maintain_partitions(p_now timestamptz, p_ahead_days int)
  RETURNS TABLE (created int, dropped int, busy boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  SET lock_timeout = '500ms'
AS $$
DECLARE
  plan record;
  part record;
  pass_at timestamptz := relay_retention_now(p_now);
  today date := (pass_at AT TIME ZONE 'UTC')::date;
  oldest date;
  expired uuid[];
  in_use varchar[] := ARRAY(SELECT relay_retention_plans_in_use());
  suffix text;
  window_start timestamptz;
  n_created int := 0;
  n_dropped int := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('relay_partition_maintenance', 0)) THEN
    RETURN QUERY SELECT 0, 0, true;
    RETURN;
  END IF;
  FOR plan IN SELECT p.id, p.retention_days FROM plans p ORDER BY p.id LOOP
    PERFORM relay_create_plan_partitions(plan.id);
    window_start := pass_at - make_interval(days => plan.retention_days);

    -- Rows that reached the default partition: past the window they go, inside it they get their partitions.
    EXECUTE format('SELECT array_agg(e.id) FILTER (WHERE e.id < $1), min(relay_uuid7_day(e.id)) FILTER (WHERE e.id >= $1)
                      FROM relay_partitions.%I e', 'events_' || plan.id || '_default')
       INTO expired, oldest USING relay_uuid7_floor(window_start);
    IF expired IS NOT NULL THEN
      PERFORM relay_retention_remove_events(expired);
    END IF;
    EXECUTE format('DELETE FROM relay_partitions.%I WHERE day < $1', 'payloads_' || plan.id || '_default')
      USING (window_start AT TIME ZONE 'UTC')::date;

    -- A plan nobody is on gets no ranges ahead: a tenant joining it makes them (relay_prepare_plan_ranges).
    IF plan.id = ANY (in_use) OR oldest IS NOT NULL THEN
      n_created := n_created + relay_create_ranges_ahead(plan.id, least(today, coalesce(oldest, today)), today + p_ahead_days);
    END IF;

    FOR part IN
      SELECT x.starts_on, x.ends_on FROM event_partitions x
       WHERE x.plan_id = plan.id AND (x.ends_on::timestamp AT TIME ZONE 'UTC') <= window_start
       ORDER BY x.starts_on
    LOOP
      -- The range's partitions are <table>_<plan>_<first day> (relay_create_range_partitions).
      suffix := plan.id || '_' || to_char(part.starts_on, 'YYYYMMDD');
      BEGIN
        PERFORM relay_retention_clear_range('events_' || suffix,
          relay_uuid7_floor(part.starts_on::timestamp AT TIME ZONE 'UTC'), relay_uuid7_floor(part.ends_on::timestamp AT TIME ZONE 'UTC'));
        EXECUTE format('DROP TABLE relay_partitions.%I, relay_partitions.%I, relay_partitions.%I',
          'events_' || suffix, 'payloads_' || suffix, 'event_checks_' || suffix);
        DELETE FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on = part.starts_on;
        n_dropped := n_dropped + 1;
      EXCEPTION WHEN lock_not_available THEN
        -- Busy: this plan's expired partitions wait for the next pass.
        EXIT;
      END;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT n_created, n_dropped, false;
END
$$;

REVOKE ALL ON FUNCTION relay_maintain_partitions(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_maintain_partitions(timestamptz, int) TO webhook_relay_app;
