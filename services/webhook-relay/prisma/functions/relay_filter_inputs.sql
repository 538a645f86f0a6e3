-- What the fan-out needs to judge subscription filters in Node (docs/filters.md): for each ready event
-- (checked, or nothing to check) that is not a repeat, one row per subscription of its endpoint that has a
-- `filter`, with the subscription's version (updated_at), the filter, and the event's headers, body, query,
-- endpoint provider, verification state and event type. Nothing for subscriptions without a filter. Each event and
-- its check are looked up by its own id and the ids' range, as in relay_fan_out.
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-filter-inputs.ts.

CREATE OR REPLACE FUNCTION relay_filter_inputs(p_tenant uuid, p_event_ids uuid[])
  RETURNS TABLE (subscription_id uuid, version timestamptz, filter jsonb, event_id uuid, headers json, body bytea,
                 query text, provider text, state text, event_type text)
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
    SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.plan_id, e.day, e.query,
           coalesce(c.state::text, 'unattempted') AS state
      FROM (SELECT DISTINCT k.id FROM unnest(p_event_ids) AS k(id)) AS k
      CROSS JOIN LATERAL (
        SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.plan_id, e.day, e.query, e.to_verify, e.duplicate_of
          FROM events e WHERE e.id = k.id AND e.id BETWEEN first_id AND last_id LIMIT 1
      ) AS e
      LEFT JOIN LATERAL (
        SELECT c.state FROM event_checks c WHERE c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id BETWEEN first_id AND last_id LIMIT 1
      ) AS c ON true
     WHERE (NOT e.to_verify OR c.state IS NOT NULL) AND e.duplicate_of IS NULL
  ), bodies AS (
    SELECT r.*, (SELECT p.body FROM payloads p
                  WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256 AND p.plan_id = r.plan_id AND p.day = r.day
                    AND p.day = ANY (relay_uuid7_days(p_event_ids))) AS body
      FROM ready r
     WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = r.endpoint_id AND s.filter IS NOT NULL)
  )
  SELECT s.id, s.updated_at, s.filter, b.id, b.headers, b.body, b.query, n.provider::text, b.state,
         relay_event_type(b.headers, b.body)
    FROM bodies b
    JOIN subscriptions s ON s.endpoint_id = b.endpoint_id AND s.filter IS NOT NULL
    JOIN endpoints n ON n.id = b.endpoint_id;
END
$$;

REVOKE ALL ON FUNCTION relay_filter_inputs(uuid, uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_filter_inputs(uuid, uuid[]) TO webhook_relay_app;
