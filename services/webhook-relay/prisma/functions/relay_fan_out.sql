-- Fan-out of one tenant's events, in one statement: for each ready event (checked, or nothing to
-- check) that is not a repeat, one delivery per subscription whose state and event-type filters match,
-- to enabled destinations, positioned by the event's capture number; and the events' fan_out_pending
-- rows removed in the same transaction, matched or not. Idempotent: an event has one original delivery
-- per destination (the partial unique index).
-- Subscriptions with a `filter` (docs/filters.md) are judged by the caller, in Node: p_verdict_* carry, per
-- (subscription, event), the subscription's updated_at the verdict was made against and whether the event
-- passed. A passing event gets a pending delivery, a failing one a `filtered` delivery (finished, at its
-- position, never sent). An event with a filtered subscription and no verdict for its current version gets
-- none of that subscription and keeps its fan_out_pending row; it is returned (delivery id and destination
-- NULL, event_to_filter set) for the caller to judge and call again. So the common case, no filter, stays
-- one statement, and a crash between the two calls leaves the event to the fan-out sweep.
-- Events, checks and payloads are looked up by the event ids given (payloads by their days too), so each call plans
-- only the partitions holding them (relay_delivery_heads says more); each event and its check by its own id (a LATERAL
-- with LIMIT 1), bounded by the ids' range: joined to the id array, on a partition not yet analyzed the planner read
-- every event and check of the partition per call (test/ingest/events-by-key.test.ts).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-fan-out.ts.

CREATE OR REPLACE FUNCTION relay_fan_out(p_tenant uuid, p_event_ids uuid[], p_now timestamptz,
                                         p_verdict_subscriptions uuid[], p_verdict_events uuid[],
                                         p_verdict_versions timestamptz[], p_verdict_passed boolean[])
  RETURNS TABLE (id uuid, destination_id uuid, event_to_filter uuid)
  LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  first_id uuid := (SELECT k.id FROM unnest(p_event_ids) AS k(id) ORDER BY k.id LIMIT 1);
  last_id uuid := (SELECT k.id FROM unnest(p_event_ids) AS k(id) ORDER BY k.id DESC LIMIT 1);
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH ready AS (
    SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.plan_id, e.day, e.capture_seq, coalesce(c.state, 'unattempted') AS state,
           e.duplicate_of
      FROM (SELECT DISTINCT k.id FROM unnest(p_event_ids) AS k(id)) AS k
      CROSS JOIN LATERAL (
        SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.plan_id, e.day, e.capture_seq, e.duplicate_of, e.to_verify
          FROM events e WHERE e.id = k.id AND e.id BETWEEN first_id AND last_id LIMIT 1
      ) AS e
      LEFT JOIN LATERAL (
        SELECT c.state FROM event_checks c WHERE c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id BETWEEN first_id AND last_id LIMIT 1
      ) AS c ON true
     WHERE NOT e.to_verify OR c.state IS NOT NULL
  ), matched AS (
    SELECT r.id AS event_id, r.capture_seq, s.destination_id, s.id AS subscription_id, s.filter IS NOT NULL AS has_filter, s.updated_at
      FROM ready r
      JOIN subscriptions s ON s.endpoint_id = r.endpoint_id AND (cardinality(s.states) = 0 OR r.state = ANY (s.states))
      JOIN destinations d ON d.id = s.destination_id AND d.enabled AND d.deleted_at IS NULL
     WHERE r.duplicate_of IS NULL
       AND (cardinality(s.event_types) = 0
        OR relay_event_type(r.headers, (SELECT p.body FROM payloads p
                                          WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256 AND p.plan_id = r.plan_id AND p.day = r.day
                                            AND p.day = ANY (relay_uuid7_days(p_event_ids)))) = ANY (s.event_types))
  ), judged AS (
    SELECT m.event_id, m.capture_seq, m.destination_id, m.has_filter, v.passed
      FROM matched m
      LEFT JOIN unnest(p_verdict_subscriptions, p_verdict_events, p_verdict_versions, p_verdict_passed) AS v(subscription_id, event_id, version, passed)
        ON m.has_filter AND v.subscription_id = m.subscription_id AND v.event_id = m.event_id AND v.version = m.updated_at
  ), unjudged AS (
    SELECT DISTINCT j.event_id FROM judged j WHERE j.has_filter AND j.passed IS NULL
  ), settled AS (
    DELETE FROM fan_out_pending p USING ready r
     WHERE p.endpoint_id = r.endpoint_id AND p.capture_seq = r.capture_seq
       AND NOT EXISTS (SELECT 1 FROM unjudged u WHERE u.event_id = r.id)
  ), inserted AS (
    -- An event already delivered there is skipped (the partial unique index), so this is idempotent.
    -- Events captured before capture numbers existed take a new number, as they did before.
    INSERT INTO deliveries (id, tenant_id, destination_id, event_id, position, state, created_at, completed_at)
    SELECT relay_uuid7(), p_tenant, j.destination_id, j.event_id, coalesce(j.capture_seq, nextval('deliveries_position_seq')),
           CASE WHEN j.has_filter AND NOT j.passed THEN 'filtered'::delivery_state ELSE 'pending'::delivery_state END, p_now,
           CASE WHEN j.has_filter AND NOT j.passed THEN p_now END
      FROM judged j WHERE NOT j.has_filter OR j.passed IS NOT NULL
     ORDER BY j.capture_seq, j.event_id, j.destination_id
    ON CONFLICT (event_id, destination_id) WHERE replay_of IS NULL DO NOTHING
    RETURNING id, destination_id, state
  )
  SELECT i.id, i.destination_id, NULL::uuid FROM inserted i WHERE i.state = 'pending'
  UNION ALL
  SELECT NULL::uuid, NULL::uuid, u.event_id FROM unjudged u;
END
$$;

REVOKE ALL ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz, uuid[], uuid[], timestamptz[], boolean[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz, uuid[], uuid[], timestamptz[], boolean[]) TO webhook_relay_app;
