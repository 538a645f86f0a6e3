-- A tenant created on a plan, or moved to one, gets the plan's ranges ahead in its own transaction
-- (relay_prepare_plan_ranges), so its first events never land in the default partition that a later pass empties
-- under delivery's reads. The ranges-ahead loop of relay_maintain_partitions moves to relay_create_ranges_ahead,
-- which both use.

CREATE OR REPLACE FUNCTION relay_create_ranges_ahead(p_plan varchar, p_from date, p_through date) RETURNS int
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  span int;
  day date := p_from;
  stop date;
  next_start date;
  made int := 0;
BEGIN
  SELECT greatest(1, ceil(p.retention_days / 30.0))::int INTO span FROM plans p WHERE p.id = p_plan;
  IF span IS NULL THEN
    RETURN 0;
  END IF;
  WHILE day <= p_through LOOP
    SELECT x.ends_on INTO stop FROM event_partitions x WHERE x.plan_id = p_plan AND x.starts_on <= day AND x.ends_on > day;
    IF stop IS NOT NULL THEN
      day := stop;
      CONTINUE;
    END IF;
    SELECT min(x.starts_on) INTO next_start FROM event_partitions x WHERE x.plan_id = p_plan AND x.starts_on > day;
    stop := least(date '1970-01-01' + ((day - date '1970-01-01') / span + 1) * span, coalesce(next_start, 'infinity'::date));
    BEGIN
      PERFORM relay_create_range_partitions(p_plan, day, stop);
      made := made + 1;
    EXCEPTION WHEN lock_not_available OR check_violation THEN
      EXIT;
    END;
    day := stop;
  END LOOP;
  RETURN made;
END
$$;

CREATE OR REPLACE FUNCTION relay_prepare_plan_ranges(p_plan varchar, p_now timestamptz, p_ahead_days int) RETURNS int
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  SET lock_timeout = '500ms'
AS $$
DECLARE
  today date := (relay_retention_now(p_now) AT TIME ZONE 'UTC')::date;
BEGIN
  IF p_ahead_days NOT BETWEEN 0 AND 7 OR NOT EXISTS (SELECT 1 FROM plans p WHERE p.id = p_plan) THEN
    RAISE EXCEPTION 'relay_prepare_plan_ranges: no plan %, or % days ahead (0 to 7)', p_plan, p_ahead_days
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM generate_series(today, today + p_ahead_days, interval '1 day') AS d(day)
                  WHERE NOT EXISTS (SELECT 1 FROM event_partitions x
                                     WHERE x.plan_id = p_plan AND x.starts_on <= d.day::date AND x.ends_on > d.day::date)) THEN
    RETURN 0;
  END IF;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('relay_partition_maintenance', 0));
  EXCEPTION WHEN lock_not_available THEN
    RETURN 0;
  END;
  PERFORM relay_create_plan_partitions(p_plan);
  RETURN relay_create_ranges_ahead(p_plan, today, today + p_ahead_days);
END
$$;

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

REVOKE ALL ON FUNCTION relay_create_ranges_ahead(varchar, date, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION relay_prepare_plan_ranges(varchar, timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_prepare_plan_ranges(varchar, timestamptz, int) TO webhook_relay_app;
