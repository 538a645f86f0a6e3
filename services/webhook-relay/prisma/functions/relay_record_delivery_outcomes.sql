-- A round of delivery attempts in one statement: each attempt is inserted, and its delivery, if still
-- pending, moves to its new state; with p_disable, the destination is turned off too (a second statement, rarely).
-- One statement, not one UPDATE per delivery: each statement of a call costs an executor's start and end
-- (bench/relay-delivery-scale.md). Each outcome's delivery is looked up once by primary key (the LATERAL with
-- LIMIT 1 keeps it one lookup per attempt: without the LIMIT the planner flattened it into a join and, on a table
-- not yet analyzed, read every delivery of the tenant through row-level security's tenant condition). That lookup
-- gives the attempt its event id, so retention finds a day's attempts by event id range (docs/retention.md), and
-- the round's first and last position: the UPDATE finds its rows in the destination's pending index between them,
-- an index range of the round's heads alone. Joined by id alone, on a table not yet analyzed, the planner read the
-- tenant's whole index instead (31,000 entries to update 20 rows). A round is one destination's heads, each once.
-- An attempt whose delivery is gone (its tenant or endpoint purged meanwhile) is not recorded. p_transformations
-- holds the transformation version each attempt ran (null: none); the delivery keeps the last one
-- (docs/transformations.md).
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
  WITH outcome AS (
    SELECT u.*, x.event_id, x.position
      FROM unnest(p_attempt_ids, p_delivery_ids, p_started, p_durations, p_statuses, p_errors, p_excerpts, p_states,
                  p_next_attempts, p_transformations)
        AS u(attempt_id, delivery_id, started_at, duration_ms, status, error, excerpt, state, next_attempt_at, transformation)
      CROSS JOIN LATERAL (SELECT x.event_id, x.position FROM deliveries x WHERE x.id = u.delivery_id LIMIT 1) x
  ), attempt AS (
    INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT o.attempt_id, p_tenant, o.delivery_id, o.event_id, o.started_at, o.duration_ms, o.status, o.error, o.excerpt
      FROM outcome o
  )
  UPDATE deliveries x
     SET state = o.state::delivery_state, attempts = x.attempts + 1, next_attempt_at = o.next_attempt_at,
         last_status = o.status, last_error = o.error, transformation_version = o.transformation,
         completed_at = CASE WHEN o.state = 'succeeded' THEN o.started_at + make_interval(secs => o.duration_ms / 1000.0) END,
         dead_lettered_at = CASE WHEN o.state = 'dead_lettered' THEN o.started_at + make_interval(secs => o.duration_ms / 1000.0) END
    FROM outcome o
   WHERE x.destination_id = p_destination AND x.state = 'pending'
     AND x.position BETWEEN (SELECT min(position) FROM outcome) AND (SELECT max(position) FROM outcome)
     AND x.id = o.delivery_id;
  IF p_disable IS NOT NULL THEN
    UPDATE destinations SET enabled = false, disabled_reason = p_disable, updated_at = now() WHERE id = p_destination;
  END IF;
END
$$;

REVOKE ALL ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) TO webhook_relay_app;
