-- The smallest UUIDv7 of a millisecond: every id made at or after `at` sorts at or above it, so
-- "received in [a, b)" is an id range over the primary key. '-infinity' and 'infinity' give the
-- smallest and the largest uuid.
-- Called from SQL only (relay_unchecked_events, relay_events_to_fan_out).

CREATE OR REPLACE FUNCTION relay_uuid7_floor(at timestamptz) RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN at = '-infinity' THEN '00000000-0000-0000-0000-000000000000'::uuid
    WHEN at = 'infinity' THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
    ELSE (lpad(to_hex(greatest(floor(extract(epoch FROM at) * 1000), 0)::bigint), 12, '0') || '00000000000000000000')::uuid
  END $$;

GRANT EXECUTE ON FUNCTION relay_uuid7_floor(timestamptz) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;
