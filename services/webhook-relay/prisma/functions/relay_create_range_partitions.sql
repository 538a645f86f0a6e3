-- One range of a plan's partitions (docs/retention.md): events, payloads and event_checks received from p_from up to
-- p_to (UTC days), recorded in event_partitions. Each is made as a table of its own, filled with the rows of its
-- range that went to the plan's default partition meanwhile, then attached: attaching takes a lock that capture
-- does not wait for (SHARE UPDATE EXCLUSIVE on the plan's table), where creating a partition in place would.
-- Runs with the privileges of its caller (relay_maintain_partitions, the migrations), which owns the tables.
-- Called from SQL only.

CREATE OR REPLACE FUNCTION relay_create_range_partitions(p_plan varchar, p_from date, p_to date) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  t record;
  name text;
  lo_id uuid := relay_uuid7_floor(p_from::timestamp AT TIME ZONE 'UTC');
  hi_id uuid := relay_uuid7_floor(p_to::timestamp AT TIME ZONE 'UTC');
BEGIN
  FOR t IN SELECT * FROM (VALUES ('events', 'id', lo_id::text, hi_id::text), ('payloads', 'day', p_from::text, p_to::text),
                                 ('event_checks', 'event_id', lo_id::text, hi_id::text)) AS v(name, key, lo, hi) LOOP
    name := t.name || '_' || p_plan || '_' || to_char(p_from, 'YYYYMMDD');
    EXECUTE format('CREATE TABLE relay_partitions.%I (LIKE public.%I INCLUDING DEFAULTS)', name, t.name);
    EXECUTE format('WITH moved AS (DELETE FROM relay_partitions.%I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO relay_partitions.%I SELECT * FROM moved',
      t.name || '_' || p_plan || '_default', t.key, t.lo, t.key, t.hi, name);
    EXECUTE format('ALTER TABLE relay_partitions.%I ATTACH PARTITION relay_partitions.%I FOR VALUES FROM (%L) TO (%L)',
      t.name || '_' || p_plan, name, t.lo, t.hi);
    IF t.name = 'events' THEN
      -- relay_retention_clear_range joins it to what refers to its events before it is dropped.
      EXECUTE format('GRANT SELECT ON relay_partitions.%I TO webhook_relay_retention', name);
    END IF;
  END LOOP;
  INSERT INTO event_partitions (plan_id, starts_on, ends_on) VALUES (p_plan, p_from, p_to);
END
$$;

REVOKE ALL ON FUNCTION relay_create_range_partitions(varchar, date, date) FROM PUBLIC;
