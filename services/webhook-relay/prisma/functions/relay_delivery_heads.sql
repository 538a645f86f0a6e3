-- A delivery worker's read of one or more destinations of a tenant, in one call: each destination (no row when it
-- does not exist; live is false when it is disabled, paused or deleted), its signing secrets in force at p_now
-- (sealed), and its oldest pending deliveries in FIFO order with their event's body. Per destination, in the order
-- given: one row per head with the destination's columns repeated (its secrets on the first row only), or one row
-- with null head columns when none came back. A worker reads together the destinations of a tenant whose turns wait
-- for a connection at the same time (src/delivery/tenant-batches.ts): a call's fixed cost (the plpgsql call, each
-- statement's executor start and end over partitioned tables) is then paid once for all of them. The heads stop
-- before the smallest capture number still in fan_out_pending for an endpoint the destination
-- subscribes to; held says pending deliveries wait behind it. The destination's circuit breaker and rate limit
-- come with it (docs/failure-handling.md): the worker holding the destination keeps them; unresolved_issues says
-- a success resolves issues (one probe of the partial unique index of unresolved issues). transformation_version is the
-- destination's active transformation (docs/transformations.md), null when none: the worker caches its code by version.
-- The heads are read first, from deliveries alone; their events, payloads and checks are then looked up per head,
-- by its key and by the heads' event ids (and the payloads by their days), so a custom plan plans only the
-- partitions holding them: joined in one query, every partition of the three tables was planned per call (6.6 ms
-- per call with 140 per table). The per-head key lets a generic plan prune as each lookup runs: joined by the id
-- arrays alone it could not, so PostgreSQL planned every call afresh under row-level security (1.4-1.5 ms per call
-- with few partitions, against 0.3 ms with the generic plan it now keeps; docs/retention.md, bench/relay-delivery-scale.md).
-- The LATERALs with LIMIT 1 also keep the planner from turning a lookup around: as a plain join it could start
-- from payloads and read every payload of the tenant's day. An event's and a check's lookup is bounded by the heads'
-- first and last event ids (for pruning), not by the array of them: PostgreSQL 15 walks the index once per element
-- of an array condition (and sorts the array) on every lookup, so 20 heads cost 400 index descents per table where
-- the range costs 20 (bench/relay-delivery-scale.md).
-- The hold is each subscribed endpoint's first fan_out_pending mark, read in order and no further. Marks are deleted
-- as their events fan out, so between vacuums the endpoint's index range is mostly dead entries: a busy endpoint
-- leaves tens of thousands a minute. Read as min() over the whole range, PostgreSQL took a bitmap scan, which
-- checks every dead entry against the table on every call and never marks it dead (0.7 ms per call with 30,000,
-- for every destination of the endpoint); the ordered scan marks them on its first pass and skips them after
-- (0.05 ms; bench/relay-delivery-scale.md).
-- heads_read is how many pending heads were read for the destination: a head that cannot come back with its event and
-- payload (a row moved between partitions meanwhile) is then missing from the rows, and the worker fails that
-- destination's read instead of answering "nothing pending" (src/delivery/delivery-store.ts). Only that destination's:
-- the others of the call are answered.
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-delivery-heads.ts.

CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destinations uuid[], p_limit int, p_now timestamptz)
  RETURNS TABLE (
    destination_id uuid, url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    breaker_state text, consecutive_failures int, failing_since timestamptz, probes_failed int,
    breaker_failures int, breaker_window_ms int, disable_after_ms bigint, rate_limit_max int, rate_limit_per_ms int,
    unresolved_issues boolean, transformation_version int,
    id uuid, event_id uuid, attempts int, next_attempt_at timestamptz, state text, content_type text, body bytea, held boolean,
    heads_read int)
  LANGUAGE plpgsql
  -- The hold's lookup as an ordered index scan: with the few rows an endpoint's marks are estimated at, a bitmap
  -- scan and a sort look cheaper (see the header). No statement here reads enough rows to want a bitmap.
  SET enable_bitmapscan = off
  -- A generic plan from the first call: a custom plan counts the destinations given (one, as a rule), a generic one
  -- estimates ten, so PostgreSQL would find every custom plan cheaper and plan every call afresh (0.3 ms of a call).
  -- The generic plan prunes partitions as each lookup runs (test/retention/partition-pruning.test.ts).
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  dest_held bigint[];
  dest_waiting boolean[];
  head_dests bigint[];
  head_ids uuid[];
  head_events uuid[];
  head_attempts int[];
  head_next timestamptz[];
  head_days date[];
  first_event uuid;
  last_event uuid;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  -- Per destination: each subscribed endpoint's first mark, in order (an index scan that stops at it, and marks the
  -- dead entries it passes so later scans skip them; see the header), and whether pending deliveries wait behind it.
  SELECT array_agg(h.held_from ORDER BY k.n), array_agg(h.held_from IS NOT NULL AND w.waiting ORDER BY k.n)
    INTO dest_held, dest_waiting
    FROM unnest(p_destinations) WITH ORDINALITY AS k(destination_id, n)
    CROSS JOIN LATERAL (
      SELECT min(f.capture_seq) AS held_from
        FROM subscriptions s
        CROSS JOIN LATERAL (
          SELECT p.capture_seq FROM fan_out_pending p WHERE p.endpoint_id = s.endpoint_id ORDER BY p.endpoint_id, p.capture_seq LIMIT 1
        ) AS f
       WHERE s.destination_id = k.destination_id
    ) AS h
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM deliveries x WHERE x.destination_id = k.destination_id AND x.state = 'pending' AND x.position >= h.held_from) AS waiting
       WHERE h.held_from IS NOT NULL
    ) AS w ON true;
  -- One statement, so one snapshot: the rows below are exactly these heads, each destination's read by its own index
  -- range (a LATERAL with LIMIT: never joined across destinations) and kept together in destination order. With them,
  -- once and not per row, the days their events (and so their payloads) were captured on and their first and last
  -- event id (PostgreSQL 15 has no min(uuid)): in the same statement, as each statement a call runs costs it an
  -- executor's start and end (bench/relay-delivery-scale.md).
  SELECT array_agg(x.n ORDER BY x.n, x.position), array_agg(x.id ORDER BY x.n, x.position),
         array_agg(x.event_id ORDER BY x.n, x.position), array_agg(x.attempts ORDER BY x.n, x.position),
         array_agg(x.next_attempt_at ORDER BY x.n, x.position),
         array_agg(DISTINCT relay_uuid7_day(x.event_id)),
         (array_agg(x.event_id ORDER BY x.event_id))[1], (array_agg(x.event_id ORDER BY x.event_id DESC))[1]
    INTO head_dests, head_ids, head_events, head_attempts, head_next, head_days, first_event, last_event
    FROM unnest(p_destinations, dest_held) WITH ORDINALITY AS k(destination_id, held_from, n)
    CROSS JOIN LATERAL (
      SELECT k.n, x.id, x.event_id, x.attempts, x.next_attempt_at, x.position
        FROM deliveries x
       WHERE x.destination_id = k.destination_id AND x.state = 'pending'
         AND (k.held_from IS NULL OR x.position < k.held_from)
       ORDER BY x.position LIMIT p_limit) AS x;
  RETURN QUERY
  SELECT k.destination_id, d.url::text, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL,
         CASE WHEN h.n IS NULL OR h.n = 1 THEN o.secrets END,
         d.breaker_state, d.consecutive_failures, d.failing_since, d.probes_failed,
         d.breaker_failures, d.breaker_window_ms, d.disable_after_ms, d.rate_limit_max, d.rate_limit_per_ms,
         o.unresolved_issues, d.transformation_version,
         h.id, h.event_id, h.attempts, h.next_attempt_at, h.state, h.content_type, h.body, k.waiting,
         coalesce(cardinality(r.at), 0)
    FROM unnest(p_destinations, dest_waiting) WITH ORDINALITY AS k(destination_id, waiting, n)
    -- The destination by its key, once per destination (LIMIT 1: a lookup, never a join the planner turns around).
    CROSS JOIN LATERAL (SELECT d.* FROM destinations d WHERE d.id = k.destination_id LIMIT 1) AS d
    -- Where the destination's heads are in the arrays (kept together above).
    CROSS JOIN LATERAL (SELECT array_positions(head_dests, k.n) AS at) AS r
    -- The destination's secrets and issues once per destination (as sub-selects of the result they ran once per head),
    -- and the secrets sent on its first row only: the worker reads the destination from it.
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                         FROM destination_secrets s
                        WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > p_now)), '[]') AS secrets,
             EXISTS (SELECT 1 FROM issues i WHERE i.destination_id = d.id AND i.state <> 'resolved') AS unresolved_issues
    ) AS o
    LEFT JOIN LATERAL (
      SELECT j.n, j.id, j.event_id, j.attempts, j.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state,
             (SELECT pair->>1 FROM json_array_elements(e.headers) AS pair WHERE lower(pair->>0) = 'content-type' LIMIT 1) AS content_type,
             p.body
        FROM unnest(head_ids[r.at[1]:r.at[cardinality(r.at)]], head_events[r.at[1]:r.at[cardinality(r.at)]],
                    head_attempts[r.at[1]:r.at[cardinality(r.at)]], head_next[r.at[1]:r.at[cardinality(r.at)]])
               WITH ORDINALITY AS j(id, event_id, attempts, next_attempt_at, n)
        -- Each head's event, payload and check are looked up per head (LATERAL, LIMIT 1), each by its key and by the
        -- heads' id range or days: a custom plan prunes to their partitions while planning, a generic one when it
        -- starts (the range) and as each lookup runs (the head's own key), so PostgreSQL may keep a generic plan
        -- without reading every partition.
        CROSS JOIN LATERAL (
          SELECT e.id, e.tenant_id, e.plan_id, e.day, e.payload_sha256, e.headers
            FROM events e
           WHERE e.id = j.event_id AND e.id BETWEEN first_event AND last_event
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
       ORDER BY j.n) AS h ON true
   ORDER BY k.n, h.n;
END
$$;

REVOKE ALL ON FUNCTION relay_delivery_heads(uuid, uuid[], int, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_delivery_heads(uuid, uuid[], int, timestamptz) TO webhook_relay_app;
