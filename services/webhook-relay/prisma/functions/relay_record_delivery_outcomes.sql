-- A round of delivery attempts in one statement: each attempt is inserted, and its delivery, if still
-- pending, moves to its new state; with p_disable, the destination is turned off too. Deliveries are
-- updated one by one by primary key: an UPDATE joined to unnest() let the planner read the tenant's
-- whole index on tables not yet analyzed. An attempt carries its delivery's event id, read by primary key: the
-- LATERAL with LIMIT 1 keeps it one lookup per attempt (without the LIMIT the planner flattened it into a join and,
-- on a table not yet analyzed, read every delivery of the tenant through row-level security's tenant condition), so retention finds a day's attempts by event id range (docs/retention.md); an
-- attempt whose delivery is gone (its tenant or endpoint purged meanwhile) is not recorded. p_transformations holds the
-- transformation version each attempt ran (null: none); the delivery keeps the last one (docs/transformations.md).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-record-delivery-outcomes.ts.

CREATE OR REPLACE FUNCTION relay_record_delivery_outcomes(
  p_tenant uuid, p_destination uuid, p_attempt_ids uuid[], p_delivery_ids uuid[], p_started timestamptz[],
  p_durations int[], p_statuses int[], p_errors text[], p_excerpts text[], p_states text[], p_next_attempts timestamptz[],
  p_disable text, p_transformations int[])
  RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code, error, response_excerpt)
  SELECT u.id, p_tenant, u.delivery_id, d.event_id, u.started_at, u.duration_ms, u.status, u.error, u.excerpt
    FROM unnest(p_attempt_ids, p_delivery_ids, p_started, p_durations, p_statuses, p_errors, p_excerpts)
      AS u(id, delivery_id, started_at, duration_ms, status, error, excerpt)
    CROSS JOIN LATERAL (SELECT x.event_id FROM deliveries x WHERE x.id = u.delivery_id LIMIT 1) d;
  FOR i IN 1 .. coalesce(cardinality(p_delivery_ids), 0) LOOP
    UPDATE deliveries
       SET state = p_states[i]::delivery_state, attempts = attempts + 1, next_attempt_at = p_next_attempts[i],
           last_status = p_statuses[i], last_error = p_errors[i], transformation_version = p_transformations[i],
           completed_at = CASE WHEN p_states[i] = 'succeeded' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END,
           dead_lettered_at = CASE WHEN p_states[i] = 'dead_lettered' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END
     WHERE id = p_delivery_ids[i] AND state = 'pending';
  END LOOP;
  IF p_disable IS NOT NULL THEN
    UPDATE destinations SET enabled = false, disabled_reason = p_disable, updated_at = now() WHERE id = p_destination;
  END IF;
END
$$;

REVOKE ALL ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) TO webhook_relay_app;
