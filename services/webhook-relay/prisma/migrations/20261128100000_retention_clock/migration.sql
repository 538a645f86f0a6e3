-- A retention pass no longer trusts its caller's clock further than a few minutes (docs/retention.md, "Who may do
-- what"). relay_maintain_partitions, relay_retention_catch_up and relay_purge_expired_idempotency_records take the
-- time to work at from the service (so tests can move it), and the application role may call them: passing a time
-- in the future would have dropped every range of a plan, removed a tenant's events past a shorter window, or
-- expired idempotency records early. They now work at relay_retention_now(p_now): the caller's time, but at most
-- retention_clock.max_lead_seconds (300) ahead of the database's clock. Only the tables' owner may change it (the
-- tests raise it on their own databases, to move their clock days ahead).

CREATE TABLE "retention_clock" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "max_lead_seconds" INTEGER NOT NULL DEFAULT 300,

    CONSTRAINT "retention_clock_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "retention_clock_id_check" CHECK ("id")
);
INSERT INTO "retention_clock" DEFAULT VALUES;

CREATE OR REPLACE FUNCTION relay_retention_now(p_claimed timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT least(p_claimed, now() + make_interval(secs => (SELECT c.max_lead_seconds FROM retention_clock c))) $$;

REVOKE ALL ON FUNCTION relay_retention_now(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_now(timestamptz) TO webhook_relay_retention;

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
  day date;
  stop date;
  next_start date;
  oldest date;
  expired uuid[];
  in_use varchar[] := ARRAY(SELECT relay_retention_plans_in_use());
  span int;
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
    span := greatest(1, ceil(plan.retention_days / 30.0))::int;
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

    day := least(today, coalesce(oldest, today));
    -- A plan nobody is on gets no ranges ahead (its default partition takes a first tenant's first captures).
    WHILE day <= today + p_ahead_days AND (plan.id = ANY (in_use) OR oldest IS NOT NULL) LOOP
      SELECT x.ends_on INTO stop FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on <= day AND x.ends_on > day;
      IF stop IS NOT NULL THEN
        day := stop;
        CONTINUE;
      END IF;
      SELECT min(x.starts_on) INTO next_start FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on > day;
      stop := least(date '1970-01-01' + ((day - date '1970-01-01') / span + 1) * span, coalesce(next_start, 'infinity'::date));
      BEGIN
        PERFORM relay_create_range_partitions(plan.id, day, stop);
        n_created := n_created + 1;
      EXCEPTION WHEN lock_not_available OR check_violation THEN
        -- A capture writing to the default partition held it past lock_timeout, or committed a row of this range
        -- there after the move: the rows stay in the default partition, and this plan's ranges wait for the next pass.
        EXIT;
      END;
      day := stop;
    END LOOP;

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

CREATE OR REPLACE FUNCTION relay_purge_expired_idempotency_records(p_now timestamptz, p_max int)
  RETURNS TABLE (removed bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_records bigint := 0;
  pass_at timestamptz := relay_retention_now(p_now);
BEGIN
  DELETE FROM idempotency_records i
   WHERE (i.tenant_id, i.key) IN (SELECT r.tenant_id, r.key FROM idempotency_records r WHERE r.expires_at < pass_at LIMIT p_max);
  GET DIAGNOSTICS n_records = ROW_COUNT;
  RETURN QUERY SELECT n_records, n_records = p_max;
END
$$;
