-- Lookups that name their partitions (docs/retention.md, "What partitions cost the other queries"). A query that
-- joins events, payloads or event_checks from another table cannot know at planning which partitions it needs, so
-- each call planned every partition of each: with 140 partitions per table, 6.6 ms per delivery-heads call in a
-- warm session (35 ms in a new one). These functions now read the event ids first and look the three tables up by
-- those ids (and payloads by the ids' days, relay_uuid7_days), which the planner prunes to the partitions holding
-- them before planning them: 1.7 ms.

CREATE OR REPLACE FUNCTION relay_uuid7_days(p_ids uuid[]) RETURNS date[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_agg(DISTINCT relay_uuid7_day(x)) FROM unnest(p_ids) AS x $$;

GRANT EXECUTE ON FUNCTION relay_uuid7_days(uuid[]) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;

GRANT EXECUTE ON FUNCTION relay_uuid7_days(uuid[]) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;

CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    id uuid, event_id uuid, attempts int, next_attempt_at timestamptz, state text, content_type text, body bytea, held boolean)
  LANGUAGE plpgsql
AS $$
DECLARE
  held_from bigint;
  waiting boolean := false;
  head_ids uuid[];
  head_events uuid[];
  head_attempts int[];
  head_next timestamptz[];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  SELECT min(p.capture_seq) INTO held_from
    FROM fan_out_pending p
   WHERE p.endpoint_id IN (SELECT s.endpoint_id FROM subscriptions s WHERE s.destination_id = p_destination);
  IF held_from IS NOT NULL THEN
    waiting := EXISTS (SELECT 1 FROM deliveries x WHERE x.destination_id = p_destination AND x.state = 'pending' AND x.position >= held_from);
  END IF;
  -- One statement, so one snapshot: the rows below are exactly these heads.
  SELECT array_agg(x.id ORDER BY x.position), array_agg(x.event_id ORDER BY x.position),
         array_agg(x.attempts ORDER BY x.position), array_agg(x.next_attempt_at ORDER BY x.position)
    INTO head_ids, head_events, head_attempts, head_next
    FROM (SELECT x.id, x.event_id, x.attempts, x.next_attempt_at, x.position
            FROM deliveries x
           WHERE x.destination_id = p_destination AND x.state = 'pending'
             AND (held_from IS NULL OR x.position < held_from)
           ORDER BY x.position LIMIT p_limit) AS x;
  RETURN QUERY
  SELECT d.url::text, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                     FROM destination_secrets s
                    WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > p_now)), '[]'),
         h.id, h.event_id, h.attempts, h.next_attempt_at, h.state, h.content_type, h.body, waiting
    FROM destinations d
    LEFT JOIN LATERAL (
      SELECT k.id, k.event_id, k.attempts, k.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state,
             (SELECT pair->>1 FROM json_array_elements(e.headers) AS pair WHERE lower(pair->>0) = 'content-type' LIMIT 1) AS content_type,
             p.body
        FROM unnest(head_ids, head_events, head_attempts, head_next) WITH ORDINALITY AS k(id, event_id, attempts, next_attempt_at, n)
        JOIN events e ON e.id = k.event_id AND e.id = ANY (head_events)
        JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
                       AND p.day = ANY (relay_uuid7_days(head_events))
        LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id = ANY (head_events)
       WHERE d.enabled AND d.deleted_at IS NULL
       ORDER BY k.n) AS h ON true
   WHERE d.id = p_destination;
END
$$;

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

CREATE OR REPLACE FUNCTION relay_record_checks(
  p_tenant uuid, p_checked_at timestamptz, p_ids uuid[], p_endpoints uuid[], p_versions int[], p_states text[],
  p_causes text[], p_details jsonb[], p_providers text[], p_matched uuid[], p_verified_at timestamptz[]
) RETURNS SETOF uuid
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH results AS (
    SELECT u.*, ep.verification_version IS NOT DISTINCT FROM u.version AS current
      FROM unnest(p_ids, p_endpoints, p_versions, p_states, p_causes, p_details, p_providers, p_matched, p_verified_at)
             AS u(id, endpoint_id, version, state, cause, detail, provider, matched, verified_at)
      LEFT JOIN endpoints ep ON ep.id = u.endpoint_id
  ), recorded AS (
    INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at, plan_id)
    SELECT r.id, p_tenant, r.state::verification_state, r.cause, r.detail, r.provider, r.matched, r.verified_at, p_checked_at, e.plan_id
      FROM results r JOIN events e ON e.id = r.id AND e.id = ANY (p_ids) WHERE r.current
    ON CONFLICT (event_id, plan_id) DO NOTHING
  )
  SELECT r.id FROM results r WHERE NOT r.current;
END
$$;
