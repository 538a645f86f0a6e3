-- The heads read raises when a pending head it read cannot be returned with its event and payload, instead of
-- answering as if nothing were pending: the worker then completed the job and left the delivery pending without one
-- (issue 45, bench/relay-delivery-scale.md). Same arguments and result: privileges stay.
CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    breaker_state text, consecutive_failures int, failing_since timestamptz, probes_failed int,
    breaker_failures int, breaker_window_ms int, disable_after_ms bigint, rate_limit_max int, rate_limit_per_ms int,
    unresolved_issues boolean, transformation_version int,
    id uuid, event_id uuid, attempts int, next_attempt_at timestamptz, state text, content_type text, body bytea, held boolean)
  LANGUAGE plpgsql
  -- The hold's lookup as an ordered index scan: with the few rows an endpoint's marks are estimated at, a bitmap
  -- scan and a sort look cheaper (see the header). No statement here reads enough rows to want a bitmap.
  SET enable_bitmapscan = off
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
  returned int;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  -- Each subscribed endpoint's first mark, in order: an index scan that stops at it, and marks the dead entries it
  -- passes so later scans skip them (see the header).
  SELECT min(f.capture_seq) INTO held_from
    FROM subscriptions s
    CROSS JOIN LATERAL (
      SELECT p.capture_seq FROM fan_out_pending p WHERE p.endpoint_id = s.endpoint_id ORDER BY p.endpoint_id, p.capture_seq LIMIT 1
    ) AS f
   WHERE s.destination_id = p_destination;
  IF held_from IS NOT NULL THEN
    waiting := EXISTS (SELECT 1 FROM deliveries x WHERE x.destination_id = p_destination AND x.state = 'pending' AND x.position >= held_from);
  END IF;
  -- One statement, so one snapshot: the rows below are exactly these heads. With them, once and not per row, the days
  -- their events (and so their payloads) were captured on and their first and last event id (PostgreSQL 15 has no
  -- min(uuid)): in the same statement, as each statement a call runs costs it an executor's start and end (three
  -- more statements made the call 0.09 ms slower, about a fifth of its cost; bench/relay-delivery-scale.md).
  SELECT array_agg(x.id ORDER BY x.position), array_agg(x.event_id ORDER BY x.position),
         array_agg(x.attempts ORDER BY x.position), array_agg(x.next_attempt_at ORDER BY x.position),
         array_agg(DISTINCT relay_uuid7_day(x.event_id)),
         (array_agg(x.event_id ORDER BY x.event_id))[1], (array_agg(x.event_id ORDER BY x.event_id DESC))[1]
    INTO head_ids, head_events, head_attempts, head_next, head_days, first_event, last_event
    FROM (SELECT x.id, x.event_id, x.attempts, x.next_attempt_at, x.position
            FROM deliveries x
           WHERE x.destination_id = p_destination AND x.state = 'pending'
             AND (held_from IS NULL OR x.position < held_from)
           ORDER BY x.position LIMIT p_limit) AS x;
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
   WHERE d.id = p_destination
     -- No row without a head when heads were read and the destination is on: a head that cannot come back is
     -- counted missing below, not answered as "nothing pending".
     AND (head_ids IS NULL OR h.id IS NOT NULL OR NOT (d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL));
  -- Every pending head read above must come back: a head whose event or payload lookup finds no row would otherwise
  -- read as "nothing pending", and the worker would complete its job and leave the delivery pending with no job.
  -- Seen while partition maintenance moved a day's rows out of a default partition (bench/relay-delivery-scale.md).
  -- An error instead: the worker sets the job aside and reads again a second later. (A destination that is off
  -- returns its one row without heads, as ever.)
  GET DIAGNOSTICS returned = ROW_COUNT;
  IF returned < cardinality(head_ids)
     AND EXISTS (SELECT 1 FROM destinations d WHERE d.id = p_destination AND d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL) THEN
    RAISE EXCEPTION 'relay_delivery_heads: % of the % pending heads of destination % could not be read with their event and payload; read again shortly',
      cardinality(head_ids) - returned, cardinality(head_ids), p_destination
      USING ERRCODE = 'P0001';
  END IF;
END
$$;
