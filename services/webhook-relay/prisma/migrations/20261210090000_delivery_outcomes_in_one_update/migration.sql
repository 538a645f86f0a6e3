-- A round's attempts and deliveries in one statement instead of one INSERT and an UPDATE per delivery
-- (prisma/functions/relay_record_delivery_outcomes.sql).

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
