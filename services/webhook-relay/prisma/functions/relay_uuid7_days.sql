-- The UTC days of UUIDv7s, each once: the payloads partitions a lookup of those events' bodies needs. IMMUTABLE,
-- so when its argument is known at planning (a PL/pgSQL variable in a custom plan, a bound parameter), the planner
-- computes it and prunes every other day's partition before planning them (docs/retention.md, "What partitions cost
-- the other queries"). Called from SQL only.

CREATE OR REPLACE FUNCTION relay_uuid7_days(p_ids uuid[]) RETURNS date[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_agg(DISTINCT relay_uuid7_day(x)) FROM unnest(p_ids) AS x $$;

GRANT EXECUTE ON FUNCTION relay_uuid7_days(uuid[]) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;
