-- A tenant created on a plan, or moved to one (docs/retention.md): makes the plan's ranges from the day of p_now
-- through p_ahead_days after it, in the caller's transaction, where no pass has made them yet. A plan nobody is on
-- has no ranges: without this, a new tenant's first events (every event of a new install, until its first pass)
-- went to the plan's default partition, and the next pass moved them into a new range while delivery workers read
-- them (bench/relay-delivery-scale.md). Returns how many ranges it made.
-- Takes the partition maintenance's lock, waiting for a pass in progress within lock_timeout. Should it not get the
-- lock, or a range not be made, it returns what it made and the caller's change goes on: the next pass makes the
-- rest, as before. p_now goes through relay_retention_now like a pass's clock. Owned by the tables' owner, like
-- relay_maintain_partitions. Caller: src/db/functions/relay-prepare-plan-ranges.ts.

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

REVOKE ALL ON FUNCTION relay_prepare_plan_ranges(varchar, timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_prepare_plan_ranges(varchar, timestamptz, int) TO webhook_relay_app;
