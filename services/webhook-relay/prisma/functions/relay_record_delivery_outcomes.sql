-- Rounds of delivery attempts of one tenant, any number of its destinations, in one statement: each attempt is
-- inserted, and its delivery, if still pending, moves to its new state. A worker records together the rounds of a
-- tenant that finish while another of its statements holds the tenant's connections (src/delivery/tenant-batches.ts):
-- each call costs a plpgsql call's and an executor's start and end whatever its rows (bench/relay-delivery-scale.md),
-- so n rounds in one call pay that once. Each outcome's delivery is looked up once by primary key (the LATERAL with
-- LIMIT 1 keeps it one lookup per attempt: without the LIMIT the planner flattened it into a join and, on a table
-- not yet analyzed, read every delivery of the tenant through row-level security's tenant condition). That lookup
-- gives the attempt its event id, so retention finds a day's attempts by event id range (docs/retention.md), and the
-- delivery's position: each destination's deliveries then move in one UPDATE that finds them in the destination's
-- pending index between the round's first and last position, an index range of the round's heads alone. One UPDATE
-- per destination, not one for the batch: joined to the outcomes by id, by position or by ctid, on a table not yet
-- analyzed, the planner read the tenant's whole pending index or tenant index instead (230 entries to update 20 rows
-- here, 31,000 in the bench), both estimated at two rows; the per-destination range is the one plan it cannot get
-- wrong. Attempts go in one INSERT for the batch. A delivery is in one round at most (one worker holds a destination).
-- An attempt whose delivery is gone (its tenant or endpoint purged meanwhile) is not recorded. p_transformations
-- holds the transformation version each attempt ran (null: none); the delivery keeps the last one
-- (docs/transformations.md). Turning a destination off is not done here: a 410 disables it with its audit entry and
-- notification (recordDestinationTrouble).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-record-delivery-outcomes.ts.

CREATE OR REPLACE FUNCTION relay_record_delivery_outcomes(
  p_tenant uuid, p_destinations uuid[], p_attempt_ids uuid[], p_delivery_ids uuid[], p_started timestamptz[],
  p_durations int[], p_statuses int[], p_errors text[], p_excerpts text[], p_states text[], p_next_attempts timestamptz[],
  p_transformations int[])
  RETURNS void
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  round_destinations uuid[];
  round_firsts bigint[];
  round_lasts bigint[];
  round_froms int[];
  round_tos int[];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  WITH outcome AS (
    SELECT u.delivery_id, u.destination_id, u.attempt_id, u.started_at, u.duration_ms, u.status, u.error, u.excerpt,
           u.n, x.event_id, x.position
      FROM unnest(p_destinations, p_attempt_ids, p_delivery_ids, p_started, p_durations, p_statuses, p_errors, p_excerpts)
        WITH ORDINALITY AS u(destination_id, attempt_id, delivery_id, started_at, duration_ms, status, error, excerpt, n)
      CROSS JOIN LATERAL (SELECT x.event_id, x.position FROM deliveries x WHERE x.id = u.delivery_id LIMIT 1) x
  ), attempt AS (
    INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT o.attempt_id, p_tenant, o.delivery_id, o.event_id, o.started_at, o.duration_ms, o.status, o.error, o.excerpt
      FROM outcome o
  )
  -- Each destination's first and last position, and where its outcomes lie in the arrays (a round's are together).
  SELECT array_agg(r.destination_id), array_agg(r.first), array_agg(r.last), array_agg(r.from_n), array_agg(r.to_n)
    INTO round_destinations, round_firsts, round_lasts, round_froms, round_tos
    FROM (SELECT o.destination_id, min(o.position) AS first, max(o.position) AS last, min(o.n)::int AS from_n, max(o.n)::int AS to_n
            FROM outcome o GROUP BY o.destination_id) r;
  FOR i IN 1 .. coalesce(cardinality(round_destinations), 0) LOOP
    UPDATE deliveries x
       SET state = o.state::delivery_state, attempts = x.attempts + 1, next_attempt_at = o.next_attempt_at,
           last_status = o.status, last_error = o.error, transformation_version = o.transformation,
           completed_at = CASE WHEN o.state = 'succeeded' THEN o.started_at + make_interval(secs => o.duration_ms / 1000.0) END,
           dead_lettered_at = CASE WHEN o.state = 'dead_lettered' THEN o.started_at + make_interval(secs => o.duration_ms / 1000.0) END
      FROM unnest(p_destinations[round_froms[i]:round_tos[i]], p_delivery_ids[round_froms[i]:round_tos[i]],
                  p_started[round_froms[i]:round_tos[i]], p_durations[round_froms[i]:round_tos[i]],
                  p_statuses[round_froms[i]:round_tos[i]], p_errors[round_froms[i]:round_tos[i]],
                  p_states[round_froms[i]:round_tos[i]], p_next_attempts[round_froms[i]:round_tos[i]],
                  p_transformations[round_froms[i]:round_tos[i]])
        AS o(destination_id, delivery_id, started_at, duration_ms, status, error, state, next_attempt_at, transformation)
     WHERE x.destination_id = round_destinations[i] AND x.state = 'pending'
       AND x.position BETWEEN round_firsts[i] AND round_lasts[i]
       AND o.destination_id = round_destinations[i] AND x.id = o.delivery_id;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION relay_record_delivery_outcomes(uuid, uuid[], uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_delivery_outcomes(uuid, uuid[], uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], int[]) TO webhook_relay_app;
