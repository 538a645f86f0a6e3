-- A UUIDv7 made by the database, for delivery ids made in bulk: the first 48 bits are the Unix time in
-- milliseconds, so the ids sort by creation like the service's own.
-- Called from SQL only: relay_fan_out, and the replay statement of src/domain/deliveries/replay-events.ts
-- (as a column value inside its INSERT).

CREATE OR REPLACE FUNCTION relay_uuid7() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid $$;

GRANT EXECUTE ON FUNCTION relay_uuid7() TO webhook_relay_app;
