-- Fan-out in one statement (one round trip, its own implicit transaction) instead of BEGIN, set tenant,
-- subscribed destinations, their locks, the insert, COMMIT: six round trips per batch of captured or
-- checked events. SECURITY INVOKER (the default) and the tenant set transaction-locally first, as
-- withTenantSql does: row-level security applies to every statement here as to any of the app role.
--
-- FIFO: deliveries to a destination take their positions (deliveries.position) under the destination's
-- lock, held until this statement's transaction commits, so positions follow commit order. In READ
-- COMMITTED each statement of the function reads a new snapshot: the insert, taken after the locks,
-- sees every fan-out that committed before it got them.
CREATE FUNCTION relay_fan_out(p_tenant uuid, p_event_ids uuid[], p_now timestamptz)
  RETURNS TABLE (id uuid, destination_id uuid)
  LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  subscribed uuid[];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  SELECT array_agg(DISTINCT s.destination_id) INTO subscribed
    FROM subscriptions s
   WHERE s.endpoint_id IN (SELECT e.endpoint_id FROM events e WHERE e.id = ANY (p_event_ids));
  IF subscribed IS NULL THEN
    RETURN;
  END IF;
  -- In id order, as every transaction that adds deliveries takes them: no deadlock.
  PERFORM pg_advisory_xact_lock(hashtextextended('relay_delivery_order:' || x.destination_id::text, 0))
     FROM (SELECT DISTINCT unnest(subscribed) AS destination_id ORDER BY 1) x;

  -- Ready events (checked, or with nothing to check) that are not repeats, times the subscriptions of
  -- their endpoint that match their state and event type, to enabled destinations; in capture order.
  -- An event already delivered there is skipped (the partial unique index), so this is idempotent.
  RETURN QUERY
  WITH ready AS (
    SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, coalesce(c.state, 'unattempted') AS state
      FROM events e LEFT JOIN event_checks c ON c.event_id = e.id
     WHERE e.id = ANY (p_event_ids) AND e.duplicate_of IS NULL AND (NOT e.to_verify OR c.event_id IS NOT NULL)
  ), matched AS (
    SELECT r.id AS event_id, s.destination_id
      FROM ready r
      JOIN subscriptions s ON s.endpoint_id = r.endpoint_id AND (cardinality(s.states) = 0 OR r.state = ANY (s.states))
      JOIN destinations d ON d.id = s.destination_id AND d.enabled AND d.deleted_at IS NULL
     WHERE cardinality(s.event_types) = 0
        OR relay_event_type(r.headers, (SELECT p.body FROM payloads p WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256)) = ANY (s.event_types)
  )
  INSERT INTO deliveries (id, tenant_id, destination_id, event_id, created_at)
  SELECT relay_uuid7(), p_tenant, m.destination_id, m.event_id, p_now FROM matched m ORDER BY m.event_id, m.destination_id
  ON CONFLICT (event_id, destination_id) WHERE replay_of IS NULL DO NOTHING
  RETURNING id, destination_id;
END
$$;
REVOKE ALL ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) TO webhook_relay_app;
