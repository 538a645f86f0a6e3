-- The verification sweep walks the primary key instead of its own index. An event's id is a UUIDv7
-- made from its received time (to the millisecond, as received_at stores it), so "received in
-- [mark, before)" is an id range. events_to_verify_idx held an entry for every event ever due a check,
-- written by every capture commit and never read beyond the sweep's recent window: gone.

-- The smallest UUIDv7 of a millisecond: every id made at or after `at` sorts at or above it (uuids
-- compare bytewise, and the first 48 bits of a v7 are its Unix time in milliseconds, big-endian).
CREATE FUNCTION relay_uuid7_floor(at timestamptz) RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN at = '-infinity' THEN '00000000-0000-0000-0000-000000000000'::uuid
    WHEN at = 'infinity' THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
    ELSE (lpad(to_hex(greatest(floor(extract(epoch FROM at) * 1000), 0)::bigint), 12, '0') || '00000000000000000000')::uuid
  END $$;
GRANT EXECUTE ON FUNCTION relay_uuid7_floor(timestamptz) TO webhook_relay_app, webhook_relay_ingest;

CREATE OR REPLACE FUNCTION relay_unchecked_events(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  oldest timestamptz;
BEGIN
  SELECT s.resume_from INTO mark FROM verification_sweep s FOR UPDATE;
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), min(d.received_at)
    INTO found_tenants, found_ids, oldest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
           WHERE ev.id >= relay_uuid7_floor(mark) AND ev.id < relay_uuid7_floor(p_received_before) AND ev.to_verify
             AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id)
           ORDER BY ev.id LIMIT p_limit) d;
  UPDATE verification_sweep SET resume_from = greatest(mark, coalesce(oldest, p_received_before));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
END
$$;

DROP INDEX "events_to_verify_idx";
