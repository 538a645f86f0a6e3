-- Fan-out of one tenant's events, in one statement: for each ready event (checked, or nothing to
-- check) that is not a repeat, one delivery per subscription whose state and event-type filters match,
-- to enabled destinations, positioned by the event's capture number; and the events' fan_out_pending
-- rows removed in the same transaction, matched or not. Idempotent: an event has one original delivery
-- per destination (the partial unique index).
-- Events, checks and payloads are looked up by the event ids given (payloads by their days too), so each call plans
-- only the partitions holding them (relay_delivery_heads says more).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-fan-out.ts.

CREATE OR REPLACE FUNCTION relay_fan_out(p_tenant uuid, p_event_ids uuid[], p_now timestamptz)
  RETURNS TABLE (id uuid, destination_id uuid)
  LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH ready AS (
    SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.plan_id, e.day, e.capture_seq, coalesce(c.state, 'unattempted') AS state,
           e.duplicate_of
      FROM events e LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id = ANY (p_event_ids)
     WHERE e.id = ANY (p_event_ids) AND (NOT e.to_verify OR c.event_id IS NOT NULL)
  ), settled AS (
    DELETE FROM fan_out_pending p USING ready r
     WHERE p.endpoint_id = r.endpoint_id AND p.capture_seq = r.capture_seq
  ), matched AS (
    SELECT r.id AS event_id, r.capture_seq, s.destination_id
      FROM ready r
      JOIN subscriptions s ON s.endpoint_id = r.endpoint_id AND (cardinality(s.states) = 0 OR r.state = ANY (s.states))
      JOIN destinations d ON d.id = s.destination_id AND d.enabled AND d.deleted_at IS NULL
     WHERE r.duplicate_of IS NULL
       AND (cardinality(s.event_types) = 0
        OR relay_event_type(r.headers, (SELECT p.body FROM payloads p
                                          WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256 AND p.plan_id = r.plan_id AND p.day = r.day
                                            AND p.day = ANY (relay_uuid7_days(p_event_ids)))) = ANY (s.event_types))
  )
  -- An event already delivered there is skipped (the partial unique index), so this is idempotent.
  -- Events captured before capture numbers existed take a new number, as they did before.
  INSERT INTO deliveries (id, tenant_id, destination_id, event_id, position, created_at)
  SELECT relay_uuid7(), p_tenant, m.destination_id, m.event_id, coalesce(m.capture_seq, nextval('deliveries_position_seq')), p_now
    FROM matched m ORDER BY m.capture_seq, m.event_id, m.destination_id
  ON CONFLICT (event_id, destination_id) WHERE replay_of IS NULL DO NOTHING
  RETURNING id, destination_id;
END
$$;

REVOKE ALL ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) TO webhook_relay_app;
