-- relay_record_delivery_outcomes reads each attempt's event id by its delivery's primary key, one lookup per attempt
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
