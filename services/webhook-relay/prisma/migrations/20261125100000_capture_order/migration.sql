-- Delivery order per destination is capture order, whatever order verification, deduplication,
-- fan-out, the sweeps or the reconciler finish in (issue 23: it used to be the order fan-outs
-- committed, so two verification batches finishing out of order swapped their events).
--
-- Capture order, precisely: every captured event takes a number from the relay's order sequence
-- (events.capture_seq, from deliveries_position_seq) inside its capture statement. A batch that holds
-- an event of an endpoint with a subscription first takes its tenant's capture-order lock
-- (`relay_capture_order:<tenant>`, a transaction advisory lock, in tenant id order) and keeps it until
-- it commits, so within a tenant the numbers of subscribed events follow the order their captures
-- committed, on any number of ingest replicas. In particular an event whose 2xx a sender received
-- before it sent the next one always comes first. Batches of endpoints nobody subscribed to take no
-- lock (they have nothing to order).
--
-- A delivery's position is its event's capture number (a replay's: a number taken under the same
-- lock when the replay is requested). An event on its way to a destination, captured but not yet
-- checked or fanned out, has a row in fan_out_pending (written by the capture statement, removed by
-- the fan-out in the same transaction that writes its deliveries); a destination's head is held while
-- an event of one of its subscribed endpoints with a smaller number is still pending there.
ALTER TABLE events ADD COLUMN capture_seq bigint;
-- The ingest token an event came in on (the path no longer needs to carry it).
ALTER TABLE events ADD COLUMN ingest_token_id uuid;

CREATE TABLE fan_out_pending (
  tenant_id uuid NOT NULL,
  endpoint_id uuid NOT NULL,
  capture_seq bigint NOT NULL,
  event_id uuid NOT NULL,
  received_at timestamptz(3) NOT NULL,
  PRIMARY KEY (endpoint_id, capture_seq)
);
ALTER TABLE fan_out_pending ENABLE ROW LEVEL SECURITY;
ALTER TABLE fan_out_pending FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON fan_out_pending USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, DELETE ON fan_out_pending TO webhook_relay_app;
GRANT INSERT ON fan_out_pending TO webhook_relay_ingest;
CREATE POLICY capture_insert ON fan_out_pending FOR INSERT TO webhook_relay_ingest WITH CHECK (true);
GRANT SELECT ON fan_out_pending TO webhook_relay_delivery;
CREATE POLICY delivery_lookup ON fan_out_pending FOR SELECT TO webhook_relay_delivery USING (true);
GRANT USAGE ON SEQUENCE deliveries_position_seq TO webhook_relay_ingest;

CREATE OR REPLACE FUNCTION relay_capture_batch(
  p_ids uuid[], p_received_ms float8[], p_methods text[], p_paths text[], p_queries text[], p_sources text[],
  p_dedup_keys text[], p_all_headers json, p_all_token_hashes bytea, p_all_body_hashes bytea, p_all_bodies bytea, p_body_lengths int[]
) RETURNS TABLE (event_id uuid, tenant_id uuid, endpoint_id uuid, duplicate_of uuid, to_verify boolean, refused text, subscribed boolean)
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
  batch_tenants uuid[];
  batch_remaining bigint[];
  batch_periods date[];
  batch_paused boolean[];
  near_cap uuid[];
  limited boolean;
  -- Per input row, in input order: whether it fits its tenant's allowance (only computed when one is limited).
  admit boolean[];
  -- The batch's time (the service's clock, as received) decides the period, not the database's.
  -- Received times come as epoch milliseconds (cheaper to send than timestamp text).
  p_received_at timestamptz[] := ARRAY(SELECT to_timestamp(r.ms / 1000.0) FROM unnest(p_received_ms) WITH ORDINALITY AS r(ms, ord) ORDER BY r.ord);
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
  -- The batch's few distinct tokens, resolved once (not once per row and statement).
  -- Whether each endpoint has a subscription: only then does the caller fan its events out.
  SELECT array_agg(t.token_hash), array_agg(t.id), array_agg(t.tenant_id), array_agg(t.endpoint_id), array_agg(e.provider IS NULL),
         array_agg(EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = e.id))
    INTO live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed
    FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id AND e.deleted_at IS NULL
   WHERE t.token_hash = ANY (p_token_hashes) AND t.revoked_at IS NULL;
  IF live_hashes IS NULL THEN
    RETURN;
  END IF;

  -- What each tenant of the batch may still capture this period (NULL = unlimited, 0 = paused). Near the
  -- cap, read again under the tenant's lock (taken in id order: no deadlock), so batches there serialise.
  FOR pass IN 1..2 LOOP
    SELECT array_agg(q.id), array_agg(q.remaining), array_agg(q.period), array_agg(q.capture_paused),
           array_agg(q.id) FILTER (WHERE q.remaining IS NOT NULL AND q.remaining < 65536 AND NOT q.capture_paused)
      INTO batch_tenants, batch_remaining, batch_periods, batch_paused, near_cap
      FROM (SELECT t.id, t.capture_paused, relay_allowance_period(p.allowance_resets, batch_at) AS period,
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

  INSERT INTO payloads (tenant_id, sha256, body, size)
  SELECT DISTINCT ON (l.tenant_id, i.body_hash) l.tenant_id, i.body_hash, i.body, octet_length(i.body)
    FROM unnest(p_token_hashes, p_bodies, p_body_hashes, admit) AS i(token_hash, body, body_hash, admit)
    JOIN unnest(live_hashes, live_tenants) AS l(token_hash, tenant_id) ON l.token_hash = i.token_hash
   WHERE NOT limited OR i.admit
  ON CONFLICT DO NOTHING;

  -- Capture order (see the header): the tenants of this batch with a subscribed endpoint, locked in
  -- id order until commit, so their sequence numbers below follow commit order.
  PERFORM pg_advisory_xact_lock(hashtextextended('relay_capture_order:' || o.tenant_id::text, 0))
     FROM (SELECT DISTINCT l.tenant_id FROM unnest(live_tenants, live_subscribed) AS l(tenant_id, subscribed)
            WHERE l.subscribed ORDER BY 1) o;

  RETURN QUERY
  WITH stored AS (
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, dedup_key, to_verify,
                        capture_seq, ingest_token_id)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source, i.dedup_key,
           NOT l.unverified, nextval('deliveries_position_seq'), l.token_id
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit)
             WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, admit, ord)
      JOIN unnest(live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed)
             AS l(token_hash, token_id, tenant_id, endpoint_id, unverified, subscribed) ON l.token_hash = i.token_hash
     WHERE NOT limited OR i.admit
     ORDER BY i.ord
    ON CONFLICT (endpoint_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, capture_seq, received_at
  ), subscribed AS (
    SELECT s.*, EXISTS (SELECT 1 FROM unnest(live_endpoints, live_subscribed) AS l(endpoint_id, subscribed)
                         WHERE l.endpoint_id = s.endpoint_id AND l.subscribed) AS subscribed
      FROM stored s
  ), marked AS (
    -- Events on their way to a destination: held here until fanned out (relay_fan_out removes them).
    INSERT INTO fan_out_pending (tenant_id, endpoint_id, capture_seq, event_id, received_at)
    SELECT s.tenant_id, s.endpoint_id, s.capture_seq, s.id, s.received_at FROM subscribed s WHERE s.subscribed
  )
  SELECT s.id, s.tenant_id, s.endpoint_id, s.duplicate_of, s.to_verify, NULL::text, s.subscribed
    FROM subscribed s;

  -- Repeats: rows with a dedup key that the insert above skipped.
  IF EXISTS (SELECT 1 FROM unnest(p_dedup_keys) AS k(key) WHERE k.key IS NOT NULL) THEN
    RETURN QUERY
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, duplicate_of, to_verify,
                        capture_seq, ingest_token_id)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
           (SELECT o.id FROM events o WHERE o.endpoint_id = l.endpoint_id AND o.dedup_key = i.dedup_key),
           NOT l.unverified, nextval('deliveries_position_seq'), l.token_id
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit)
             WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, admit, ord)
      JOIN unnest(live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified)
             AS l(token_hash, token_id, tenant_id, endpoint_id, unverified) ON l.token_hash = i.token_hash
     WHERE i.dedup_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events x WHERE x.id = i.id)
       AND (NOT limited OR i.admit)
     ORDER BY i.ord
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, NULL::text, false;
  END IF;

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
    SELECT i.id, l.tenant_id, l.endpoint_id, NULL::uuid, false, CASE WHEN b.paused THEN 'paused' ELSE 'allowance' END, false
      FROM unnest(p_token_hashes, p_ids, admit) AS i(token_hash, id, admit)
      JOIN unnest(live_hashes, live_tenants, live_endpoints) AS l(token_hash, tenant_id, endpoint_id) ON l.token_hash = i.token_hash
      JOIN unnest(batch_tenants, batch_paused) AS b(tenant_id, paused) ON b.tenant_id = l.tenant_id
     WHERE NOT i.admit;
  END IF;
END
$$;


-- Fan-out: positions are the events' capture numbers, so the order no longer depends on which
-- fan-out commits first and the destinations' locks are gone. Ready events leave fan_out_pending in
-- the same transaction that writes their deliveries, also when they match no subscription (a state
-- or type filter, a disabled destination): the heads they held are free either way.
CREATE OR REPLACE FUNCTION relay_fan_out(p_tenant uuid, p_event_ids uuid[], p_now timestamptz)
  RETURNS TABLE (id uuid, destination_id uuid)
  LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH ready AS (
    SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, e.capture_seq, coalesce(c.state, 'unattempted') AS state, e.duplicate_of
      FROM events e LEFT JOIN event_checks c ON c.event_id = e.id
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
        OR relay_event_type(r.headers, (SELECT p.body FROM payloads p WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256)) = ANY (s.event_types))
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

-- The heads, as before, but none at or after the smallest capture number still pending for one of
-- the destination's subscribed endpoints; `held` says pending deliveries wait behind it (the worker
-- looks again shortly instead of finishing the job).
DROP FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz);
CREATE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    id uuid, event_id uuid, attempts int, next_attempt_at timestamptz, state text, content_type text, body bytea, held boolean)
  LANGUAGE plpgsql
AS $$
DECLARE
  held_from bigint;
  waiting boolean := false;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  SELECT min(p.capture_seq) INTO held_from
    FROM fan_out_pending p
   WHERE p.endpoint_id IN (SELECT s.endpoint_id FROM subscriptions s WHERE s.destination_id = p_destination);
  IF held_from IS NOT NULL THEN
    waiting := EXISTS (SELECT 1 FROM deliveries x WHERE x.destination_id = p_destination AND x.state = 'pending' AND x.position >= held_from);
  END IF;
  RETURN QUERY
  SELECT d.url::text, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                     FROM destination_secrets s
                    WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > p_now)), '[]'),
         h.id, h.event_id, h.attempts, h.next_attempt_at::timestamptz, h.state, h.content_type, h.body, waiting
    FROM destinations d
    LEFT JOIN LATERAL (
      SELECT x.id, x.event_id, x.attempts, x.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state,
             (SELECT pair->>1 FROM json_array_elements(e.headers) AS pair WHERE lower(pair->>0) = 'content-type' LIMIT 1) AS content_type,
             p.body
        FROM deliveries x
        JOIN events e ON e.id = x.event_id
        JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256
        LEFT JOIN event_checks c ON c.event_id = e.id
       WHERE x.destination_id = d.id AND x.state = 'pending' AND d.enabled AND d.deleted_at IS NULL
         AND (held_from IS NULL OR x.position < held_from)
       ORDER BY x.position LIMIT p_limit) AS h ON true
   WHERE d.id = p_destination;
END
$$;
REVOKE ALL ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) TO webhook_relay_app;

-- The fan-out sweep also finds every pending event older than the grace that is ready (its check is
-- written, or none is due), wherever the window mark stands: an event held in fan_out_pending is
-- fanned out again until it leaves it, which bounds how long a destination's head can be held.
CREATE OR REPLACE FUNCTION relay_events_to_fan_out(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  newest timestamptz;
  waiting timestamptz;
  lower_id uuid;
  upper_id uuid;
BEGIN
  SELECT s.resume_from INTO mark FROM delivery_fanout_sweep s FOR UPDATE;
  lower_id := relay_uuid7_floor(mark);
  upper_id := relay_uuid7_floor(p_received_before);
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), max(d.received_at)
    INTO found_tenants, found_ids, newest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
           WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.duplicate_of IS NULL
             AND (NOT ev.to_verify OR EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id))
             AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = ev.endpoint_id)
           ORDER BY ev.id LIMIT p_limit) d;
  SELECT min(ev.received_at) INTO waiting FROM events ev
   WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.to_verify
     AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id);
  UPDATE delivery_fanout_sweep SET resume_from = greatest(mark, least(
    coalesce(waiting, 'infinity'),
    CASE WHEN cardinality(found_ids) >= p_limit THEN newest ELSE p_received_before END));
  RETURN QUERY
    SELECT * FROM unnest(found_tenants, found_ids)
    UNION
    (SELECT p.tenant_id, p.event_id FROM fan_out_pending p JOIN events ev ON ev.id = p.event_id
      WHERE p.received_at < p_received_before
        AND (NOT ev.to_verify OR EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id))
      ORDER BY p.received_at LIMIT p_limit);
END
$$;
