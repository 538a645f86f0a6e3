-- A plan's partitions of events, payloads and event_checks (docs/retention.md): one per table, itself partitioned
-- by receipt time, with a default partition for rows whose range has no partition yet. Does nothing for a plan
-- that has them. Runs with the privileges of its caller (relay_maintain_partitions, the migrations), which owns
-- the tables.
-- Called from SQL only.

CREATE OR REPLACE FUNCTION relay_create_plan_partitions(p_plan varchar) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  t record;
BEGIN
  IF to_regclass(format('relay_partitions.%I', 'events_' || p_plan)) IS NOT NULL THEN
    RETURN;
  END IF;
  FOR t IN SELECT * FROM (VALUES ('events', 'id'), ('payloads', 'day'), ('event_checks', 'event_id')) AS v(name, key) LOOP
    EXECUTE format('CREATE TABLE relay_partitions.%I PARTITION OF public.%I FOR VALUES IN (%L) PARTITION BY RANGE (%I)',
      t.name || '_' || p_plan, t.name, p_plan, t.key);
    EXECUTE format('CREATE TABLE relay_partitions.%I PARTITION OF relay_partitions.%I DEFAULT',
      t.name || '_' || p_plan || '_default', t.name || '_' || p_plan);
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION relay_create_plan_partitions(varchar) FROM PUBLIC;
