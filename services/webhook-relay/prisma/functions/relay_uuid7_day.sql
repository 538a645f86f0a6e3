-- The UTC day a UUIDv7 was made on (its first 48 bits are epoch milliseconds): the day of an event's receipt,
-- which picks its payload's partition (payloads.day, docs/retention.md).
-- Called from SQL only (relay_maintain_partitions, the partitioning migration).

CREATE OR REPLACE FUNCTION relay_uuid7_day(p_id uuid) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (to_timestamp(('x' || lpad(left(replace(p_id::text, '-', ''), 12), 16, '0'))::bit(64)::bigint / 1000.0) AT TIME ZONE 'UTC')::date $$;

GRANT EXECUTE ON FUNCTION relay_uuid7_day(uuid) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;
