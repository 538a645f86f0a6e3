-- The delivery heads, verification's record, the fan-out and the filters' inputs look up each event (and its check,
-- its endpoint) by its own key, bounded by the ids' range: joined to an id array, on a partition not yet analyzed the
-- planner read every event (and check) of the partition per call, and an array condition beside the key walks the
-- index once per element on every lookup (PostgreSQL 15). The files in prisma/functions/ say more.

CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    breaker_state text, consecutive_failures int, failing_since timestamptz, probes_failed int,
    breaker_failures int, breaker_window_ms int, disable_after_ms bigint, rate_limit_max int, rate_limit_per_ms int,
    unresolved_issues boolean, transformation_version int,
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
  head_days date[];
  first_event uuid;
  last_event uuid;
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
  -- Once, not per row: the days the heads' events (and so their payloads) were captured on.
  head_days := relay_uuid7_days(head_events);
  first_event := (SELECT k.id FROM unnest(head_events) AS k(id) ORDER BY k.id LIMIT 1);
  last_event := (SELECT k.id FROM unnest(head_events) AS k(id) ORDER BY k.id DESC LIMIT 1);
  RETURN QUERY
  SELECT d.url::text, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL,
         CASE WHEN h.n IS NULL OR h.n = 1 THEN o.secrets END,
         d.breaker_state, d.consecutive_failures, d.failing_since, d.probes_failed,
         d.breaker_failures, d.breaker_window_ms, d.disable_after_ms, d.rate_limit_max, d.rate_limit_per_ms,
         o.unresolved_issues, d.transformation_version,
         h.id, h.event_id, h.attempts, h.next_attempt_at, h.state, h.content_type, h.body, waiting
    FROM destinations d
    -- The destination's secrets and issues once per call (as sub-selects of the result they ran once per head), and
    -- the secrets sent on the first row only: the worker reads the destination from it.
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                         FROM destination_secrets s
                        WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > p_now)), '[]') AS secrets,
             EXISTS (SELECT 1 FROM issues i WHERE i.destination_id = d.id AND i.state <> 'resolved') AS unresolved_issues
    ) AS o
    LEFT JOIN LATERAL (
      SELECT k.n, k.id, k.event_id, k.attempts, k.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state,
             (SELECT pair->>1 FROM json_array_elements(e.headers) AS pair WHERE lower(pair->>0) = 'content-type' LIMIT 1) AS content_type,
             p.body
        FROM unnest(head_ids, head_events, head_attempts, head_next) WITH ORDINALITY AS k(id, event_id, attempts, next_attempt_at, n)
        -- Each head's event, payload and check are looked up per head (LATERAL, LIMIT 1), each by its key and by the
        -- heads' id range or days: a custom plan prunes to their partitions while planning, a generic one when it
        -- starts (the range) and as each lookup runs (the head's own key), so PostgreSQL may keep a generic plan
        -- without reading every partition.
        CROSS JOIN LATERAL (
          SELECT e.id, e.tenant_id, e.plan_id, e.day, e.payload_sha256, e.headers
            FROM events e
           WHERE e.id = k.event_id AND e.id BETWEEN first_event AND last_event
           LIMIT 1
        ) AS e
        -- The payload by its whole key, after its event: as a plain join the planner could start from payloads and
        -- read every payload of the tenant's day (10,000 for 20 heads), its statistics of a new day's partition
        -- saying there is one.
        CROSS JOIN LATERAL (
          SELECT q.body FROM payloads q
           WHERE q.tenant_id = e.tenant_id AND q.sha256 = e.payload_sha256 AND q.plan_id = e.plan_id AND q.day = e.day
             AND q.day = ANY (head_days)
           LIMIT 1
        ) AS p
        LEFT JOIN LATERAL (
          SELECT c.state FROM event_checks c
           WHERE c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id BETWEEN first_event AND last_event
           LIMIT 1
        ) AS c ON true
       WHERE d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL
       ORDER BY k.n) AS h ON true
   WHERE d.id = p_destination;
END
$$;

CREATE OR REPLACE FUNCTION relay_record_checks(
  p_tenant uuid, p_checked_at timestamptz, p_ids uuid[], p_endpoints uuid[], p_versions int[], p_states text[],
  p_causes text[], p_details jsonb[], p_providers text[], p_matched uuid[], p_verified_at timestamptz[]
) RETURNS SETOF uuid
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  first_id uuid := (SELECT k.id FROM unnest(p_ids) AS k(id) ORDER BY k.id LIMIT 1);
  last_id uuid := (SELECT k.id FROM unnest(p_ids) AS k(id) ORDER BY k.id DESC LIMIT 1);
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH results AS (
    SELECT u.*, ep.version IS NOT DISTINCT FROM u.version AS current
      FROM unnest(p_ids, p_endpoints, p_versions, p_states, p_causes, p_details, p_providers, p_matched, p_verified_at)
             AS u(id, endpoint_id, version, state, cause, detail, provider, matched, verified_at)
      LEFT JOIN LATERAL (SELECT x.verification_version AS version FROM endpoints x WHERE x.id = u.endpoint_id LIMIT 1) ep ON true
  ), recorded AS (
    INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at, plan_id)
    SELECT r.id, p_tenant, r.state::verification_state, r.cause, r.detail, r.provider, r.matched, r.verified_at, p_checked_at, e.plan_id
      FROM results r
      CROSS JOIN LATERAL (SELECT x.plan_id FROM events x WHERE x.id = r.id AND x.id BETWEEN first_id AND last_id LIMIT 1) e
     WHERE r.current
    ON CONFLICT (event_id, plan_id) DO NOTHING
  )
  SELECT r.id FROM results r WHERE NOT r.current;
END
$$;

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
