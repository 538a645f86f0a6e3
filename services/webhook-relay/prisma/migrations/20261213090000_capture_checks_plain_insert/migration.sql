-- A check made before the commit is stored with a plain INSERT: its event is inserted by the same statement, so
-- no check of it can exist yet, and ON CONFLICT only sent every row through speculative insertion (issue 45,
-- bench/relay-ingest.md). Same arguments and result: owner and privileges stay.
CREATE OR REPLACE FUNCTION relay_capture_batch(
  p_ids uuid[], p_received_ms float8[], p_methods text[], p_paths text[], p_queries text[], p_sources text[],
  p_dedup_keys text[], p_all_headers json, p_all_token_hashes bytea, p_all_body_hashes bytea, p_all_bodies bytea, p_body_lengths int[],
  p_event_types text[], p_checks json
) RETURNS TABLE (event_id uuid, tenant_id uuid, endpoint_id uuid, duplicate_of uuid, to_verify boolean, refused text, subscribed boolean,
                 checked boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  -- Every call has the same shape (arrays of a batch): plan each statement once, not once per call.
  SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  live_hashes bytea[];
  live_token_ids uuid[];
  live_tenants uuid[];
  live_endpoints uuid[];
  live_unverified boolean[];
  live_subscribed boolean[];
  live_triggered boolean[];
  live_versions int[];
  batch_tenants uuid[];
  batch_remaining bigint[];
  batch_periods date[];
  batch_paused boolean[];
  batch_plans varchar[];
  claimed uuid[];
  near_cap uuid[];
  limited boolean;
  -- Per input row, in input order: whether it fits its tenant's allowance (only computed when one is limited).
  admit boolean[];
  -- The batch's time (the service's clock, as received) decides the period, not the database's.
  -- Received times come as epoch milliseconds (cheaper to send than timestamp text).
  p_received_at timestamptz[] := ARRAY(SELECT to_timestamp(r.ms / 1000.0) FROM unnest(p_received_ms) WITH ORDINALITY AS r(ms, ord) ORDER BY r.ord);
  p_days date[] := ARRAY(SELECT date '1970-01-01' + floor(r.ms / 86400000)::int FROM unnest(p_received_ms) WITH ORDINALITY AS r(ms, ord) ORDER BY r.ord);
  batch_at timestamptz := to_timestamp((SELECT max(r.ms) FROM unnest(p_received_ms) AS r(ms)) / 1000.0);
  batch_size int := cardinality(p_ids);
  -- Bytes and headers arrive whole (one binary parameter each, no array literal to parse), split here.
  p_token_hashes bytea[] := ARRAY(SELECT substr(p_all_token_hashes, (g - 1) * 32 + 1, 32) FROM generate_series(1, batch_size) AS g ORDER BY g);
  p_body_hashes bytea[] := ARRAY(SELECT substr(p_all_body_hashes, (g - 1) * 32 + 1, 32) FROM generate_series(1, batch_size) AS g ORDER BY g);
  p_bodies bytea[] := ARRAY(
    SELECT substr(p_all_bodies, (sum(b.len) OVER (ORDER BY b.ord) - b.len + 1)::int, b.len)
      FROM unnest(p_body_lengths) WITH ORDINALITY AS b(len, ord) ORDER BY b.ord);
  p_headers json[] := ARRAY(SELECT h.value FROM json_array_elements(p_all_headers) WITH ORDINALITY AS h(value, ord) ORDER BY h.ord);
BEGIN
  -- Trigger registration waits for batches in flight (see the header); one shared lock per batch.
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('relay_trigger_registration', 0));

  -- The batch's few distinct tokens, resolved once (not once per row and statement).
  -- Whether each endpoint has a subscription: only then does the caller fan its events out.
  SELECT array_agg(t.token_hash), array_agg(t.id), array_agg(t.tenant_id), array_agg(t.endpoint_id), array_agg(e.provider IS NULL),
         array_agg(EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = e.id)),
         array_agg(EXISTS (SELECT 1 FROM triggers g WHERE g.endpoint_id = e.id)), array_agg(e.verification_version)
    INTO live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed, live_triggered, live_versions
    FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id AND e.deleted_at IS NULL
   WHERE t.token_hash = ANY (p_token_hashes) AND t.revoked_at IS NULL;
  IF live_hashes IS NULL THEN
    RETURN;
  END IF;

  -- What each tenant of the batch may still capture this period (NULL = unlimited, 0 = paused). Near the
  -- cap, read again under the tenant's lock (taken in id order: no deadlock), so batches there serialise.
  FOR pass IN 1..2 LOOP
    SELECT array_agg(q.id), array_agg(q.remaining), array_agg(q.period), array_agg(q.capture_paused), array_agg(q.plan_id),
           array_agg(q.id) FILTER (WHERE q.remaining IS NOT NULL AND q.remaining < 65536 AND NOT q.capture_paused)
      INTO batch_tenants, batch_remaining, batch_periods, batch_paused, batch_plans, near_cap
      FROM (SELECT t.id, t.capture_paused, t.plan_id, relay_allowance_period(p.allowance_resets, batch_at) AS period,
                   CASE WHEN t.capture_paused THEN 0
                        WHEN p.event_allowance IS NULL THEN NULL
                        ELSE greatest(p.event_allowance - coalesce((
                          SELECT sum(u.events_captured) FROM tenant_usage u
                           WHERE u.tenant_id = t.id AND u.period_start = relay_allowance_period(p.allowance_resets, batch_at)), 0), 0)
                   END AS remaining
              FROM tenants t JOIN plans p ON p.id = t.plan_id
             WHERE t.id = ANY (live_tenants)) q;
    EXIT WHEN near_cap IS NULL OR pass = 2;
    PERFORM pg_advisory_xact_lock(hashtextextended('relay_capture_allowance:' || n.id::text, 0))
       FROM unnest(near_cap) AS n(id) ORDER BY n.id;
  END LOOP;
  -- Only a tenant that might not fit the whole batch needs rows counted one by one.
  limited := EXISTS (SELECT 1 FROM unnest(batch_remaining) AS r(remaining) WHERE r.remaining < batch_size);

  -- Which rows fit: per tenant, the first `remaining` in arrival order.
  IF limited THEN
    SELECT array_agg(coalesce(b.remaining IS NULL OR a.n <= b.remaining, false) ORDER BY a.ord) INTO admit
      FROM (SELECT i.ord, l.tenant_id, row_number() OVER (PARTITION BY l.tenant_id ORDER BY i.ord) AS n
              FROM unnest(p_token_hashes) WITH ORDINALITY AS i(token_hash, ord)
              LEFT JOIN unnest(live_hashes, live_tenants) AS l(token_hash, tenant_id) ON l.token_hash = i.token_hash) a
      LEFT JOIN unnest(batch_tenants, batch_remaining) AS b(tenant_id, remaining) ON b.tenant_id = a.tenant_id;
  END IF;

  INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size)
  SELECT DISTINCT ON (l.tenant_id, i.body_hash, i.day) l.tenant_id, i.body_hash, b.plan_id, i.day, i.body, octet_length(i.body)
    FROM unnest(p_token_hashes, p_days, p_bodies, p_body_hashes, admit) AS i(token_hash, day, body, body_hash, admit)
    JOIN unnest(live_hashes, live_tenants) AS l(token_hash, tenant_id) ON l.token_hash = i.token_hash
    JOIN unnest(batch_tenants, batch_plans) AS b(tenant_id, plan_id) ON b.tenant_id = l.tenant_id
   WHERE NOT limited OR i.admit
  ON CONFLICT DO NOTHING;

  -- Dedup keys: the first row with a key its endpoint does not have yet claims it (a key held by a batch in
  -- flight waits for it); every other row with a key is a repeat of the key's holder.
  IF EXISTS (SELECT 1 FROM unnest(p_dedup_keys) AS k(key) WHERE k.key IS NOT NULL) THEN
    WITH keys AS (
      INSERT INTO event_dedup_keys (endpoint_id, dedup_key, event_id)
      SELECT l.endpoint_id, i.dedup_key, i.id
        FROM unnest(p_token_hashes, p_ids, p_dedup_keys, admit) WITH ORDINALITY AS i(token_hash, id, dedup_key, admit, ord)
        JOIN unnest(live_hashes, live_endpoints) AS l(token_hash, endpoint_id) ON l.token_hash = i.token_hash
       WHERE i.dedup_key IS NOT NULL AND (NOT limited OR i.admit)
       ORDER BY i.ord
      ON CONFLICT DO NOTHING
      RETURNING event_id
    )
    SELECT array_agg(k.event_id) INTO claimed FROM keys k;
  END IF;

  -- Capture order (see the header): the tenants of this batch with a subscribed or triggered endpoint,
  -- locked in id order until commit, so their sequence numbers below follow commit order.
  PERFORM pg_advisory_xact_lock(hashtextextended('relay_capture_order:' || o.tenant_id::text, 0))
     FROM (SELECT DISTINCT l.tenant_id FROM unnest(live_tenants, live_subscribed, live_triggered) AS l(tenant_id, subscribed, triggered)
            WHERE l.subscribed OR l.triggered ORDER BY 1) o;

  RETURN QUERY
  WITH stored AS (
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, dedup_key,
                        duplicate_of, to_verify, capture_seq, ingest_token_id, plan_id, day, event_type)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
           CASE WHEN i.id = ANY (claimed) THEN i.dedup_key END,
           CASE WHEN i.dedup_key IS NOT NULL AND NOT coalesce(i.id = ANY (claimed), false)
                THEN (SELECT k.event_id FROM event_dedup_keys k WHERE k.endpoint_id = l.endpoint_id AND k.dedup_key = i.dedup_key) END,
           NOT l.unverified, nextval('deliveries_position_seq'), l.token_id, b.plan_id, i.day, i.event_type
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_days, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit,
                  p_event_types)
             WITH ORDINALITY AS i(token_hash, id, received_at, day, method, path, query, headers, body_hash, source, dedup_key, admit, event_type, ord)
      JOIN unnest(live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed)
             AS l(token_hash, token_id, tenant_id, endpoint_id, unverified, subscribed) ON l.token_hash = i.token_hash
      JOIN unnest(batch_tenants, batch_plans) AS b(tenant_id, plan_id) ON b.tenant_id = l.tenant_id
     WHERE NOT limited OR i.admit
     ORDER BY i.ord
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, capture_seq, received_at, plan_id
  ), subscribed AS (
    -- A repeat is not delivered: no fan-out for it.
    SELECT s.*, s.duplicate_of IS NULL AND EXISTS (SELECT 1 FROM unnest(live_endpoints, live_subscribed) AS l(endpoint_id, subscribed)
                                                    WHERE l.endpoint_id = s.endpoint_id AND l.subscribed) AS subscribed
      FROM stored s
  ), marked AS (
    -- Events on their way to a destination: held here until fanned out (relay_fan_out removes them).
    INSERT INTO fan_out_pending (tenant_id, endpoint_id, capture_seq, event_id, received_at)
    SELECT s.tenant_id, s.endpoint_id, s.capture_seq, s.id, s.received_at FROM subscribed s WHERE s.subscribed
  ), fed AS (
    -- Events of endpoints with a trigger: the feed triggers.wait drains (duplicates are not fed).
    INSERT INTO trigger_events (tenant_id, endpoint_id, capture_seq, event_id)
    SELECT s.tenant_id, s.endpoint_id, s.capture_seq, s.id FROM stored s
     WHERE s.duplicate_of IS NULL
       AND EXISTS (SELECT 1 FROM unnest(live_endpoints, live_triggered) AS l(endpoint_id, triggered)
                    WHERE l.endpoint_id = s.endpoint_id AND l.triggered)
  ), checked AS (
    -- Checks made before the commit with the endpoint's current settings (see the header); insert-only, as ever.
    -- A plain insert: its events are this statement's own, so no check of theirs can exist yet (ON CONFLICT would
    -- send every row through PostgreSQL's speculative insertion, about 4-5 us each, for a conflict that cannot be).
    INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at, plan_id)
    SELECT s.id, s.tenant_id, c.state::verification_state, c.cause, c.detail, c.provider, c.matched, to_timestamp(c.verified_ms / 1000.0),
           to_timestamp(c.checked_ms / 1000.0), s.plan_id
      FROM json_to_recordset(p_checks)
             AS c(id uuid, version int, state text, cause text, detail jsonb, provider text, matched uuid, checked_ms float8, verified_ms float8)
      JOIN stored s ON s.id = c.id
     WHERE s.to_verify
       AND EXISTS (SELECT 1 FROM unnest(live_endpoints, live_versions) AS l(endpoint_id, version)
                    WHERE l.endpoint_id = s.endpoint_id AND l.version = c.version)
    RETURNING event_id
  )
  SELECT s.id, s.tenant_id, s.endpoint_id, s.duplicate_of, s.to_verify, NULL::text, s.subscribed, k.event_id IS NOT NULL
    FROM subscribed s LEFT JOIN checked k ON k.event_id = s.id;

  -- Count what was stored, per tenant and period, in this backend's slot.
  INSERT INTO tenant_usage (tenant_id, period_start, slot, events_captured)
  SELECT l.tenant_id, b.period, (pg_backend_pid() % 8)::smallint, count(*)
    FROM unnest(p_token_hashes, admit) AS i(token_hash, admit)
    JOIN unnest(live_hashes, live_tenants) AS l(token_hash, tenant_id) ON l.token_hash = i.token_hash
    JOIN unnest(batch_tenants, batch_periods) AS b(tenant_id, period) ON b.tenant_id = l.tenant_id
   WHERE NOT limited OR i.admit
   GROUP BY l.tenant_id, b.period
  ON CONFLICT (tenant_id, period_start, slot) DO UPDATE SET events_captured = tenant_usage.events_captured + excluded.events_captured;

  -- The rows that did not fit: refused, nothing stored.
  IF limited THEN
    RETURN QUERY
    SELECT i.id, l.tenant_id, l.endpoint_id, NULL::uuid, false, CASE WHEN b.paused THEN 'paused' ELSE 'allowance' END, false, false
      FROM unnest(p_token_hashes, p_ids, admit) AS i(token_hash, id, admit)
      JOIN unnest(live_hashes, live_tenants, live_endpoints) AS l(token_hash, tenant_id, endpoint_id) ON l.token_hash = i.token_hash
      JOIN unnest(batch_tenants, batch_paused) AS b(tenant_id, paused) ON b.tenant_id = l.tenant_id
     WHERE NOT i.admit;
  END IF;
END
$$;
