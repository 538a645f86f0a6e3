-- A plan's ranges from p_from through p_through (UTC days) that have no partitions yet (docs/retention.md): each
-- aligned to the plan's span (ceil(retention_days / 30) days) and cut short where an existing range starts. Returns
-- how many ranges it made. It stops at the first range it cannot make: a capture writing to the plan's default
-- partition held it past lock_timeout, or committed a row of that range there after the move. Those rows stay in
-- the default partition, and the range waits for the next pass.
-- Runs with the privileges of its caller (relay_maintain_partitions, relay_prepare_plan_ranges), which owns the
-- tables. Called from SQL only.

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

REVOKE ALL ON FUNCTION relay_create_ranges_ahead(varchar, date, date) FROM PUBLIC;
