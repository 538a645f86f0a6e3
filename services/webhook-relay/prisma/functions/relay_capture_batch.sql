-- Capture: stores a whole batch of received requests in one statement (the group commit of
-- src/ingest/capture-batcher.ts). It runs before any tenant is known and across tenants, so it is
-- SECURITY DEFINER, owned by webhook_relay_ingest.
--
-- Per row: the token hash must open a live endpoint (otherwise no row comes back: 404). A tenant whose
-- capture is paused or whose plan allowance is spent gets the row back refused ('paused' or
-- 'allowance') with nothing stored. A dedup key the endpoint already has (event_dedup_keys) is stored
-- all the same, without the key and pointing at the first (duplicate_of).
--
-- Partitions (docs/retention.md): an event and its payload go to the partitions of the tenant's plan
-- (plan_id) and of the day of its id (day); the body is stored once per tenant, plan, day and content
-- hash. Ids are UUIDv7 of their p_received_ms, so the day is counted from those milliseconds, once per row. to_verify: the endpoint has a provider;
-- subscribed: it has a subscription (the caller fans out only then). Bytes arrive as one parameter
-- each (token and body hashes 32 bytes apiece, bodies with p_body_lengths), headers as one JSON array.
-- p_event_types: each request's event type, found by the caller from where its provider puts it
-- (src/ingest/event-type.ts, docs/event-types.md), stored as events.event_type.
--
-- Checks made before the commit (src/ingest/check-before-capture.ts): p_checks holds one JSON object per
-- request that has one, with its event id (NULL for a batch without any; read by json_to_recordset, which parses
-- each object once: `->>` on json parses the object again for every field, 5-25 us per check). A check is recorded in event_checks
-- by this statement, in the event's own commit, when it was made with the endpoint's verification_version as
-- this statement reads it; otherwise it is not recorded (checked comes back false) and the caller checks the
-- event again after the commit, with current settings, as relay_record_checks does for a result that is stale.
--
-- Capture order: every stored event takes a number from deliveries_position_seq (events.capture_seq).
-- A batch holding an event of a subscribed endpoint first takes its tenant's capture-order lock
-- (`relay_capture_order:<tenant>`, a transaction advisory lock, in tenant id order) and keeps it until
-- commit, so within a tenant those numbers follow commit order; such events also get a fan_out_pending
-- row, which relay_fan_out removes when it writes their deliveries.
--
-- Triggers (MCP triggers.wait): an endpoint with a trigger is ordered the same way (its batches take the
-- capture-order lock), and its stored events get a trigger_events row (the feed a trigger drains in
-- capture_seq order). Every batch holds the trigger-registration lock in shared mode from its first
-- statement: registering a trigger takes it exclusively once committed, so the batches that could not see
-- the new trigger have all committed when registration returns, and every later one sees it.
--
-- Allowances: far from the cap, batches count without a lock (tenant_usage slots per backend); within
-- 65,536 events of it, a per-tenant advisory lock serialises them and usage is read again under it.
-- events has no foreign keys to endpoints and payloads (each would lock the endpoint row for every
-- inserted event): this function guarantees both (the endpoint comes from the live token, the payload
-- row is inserted just before).
-- Caller: src/db/functions/relay-capture-batch.ts.

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
  -- Per input row, in input order: its token's place in the live_ arrays and its tenant's in the batch_ arrays
  -- (NULL: its token opens no live endpoint). A batch has few tokens and tenants, so every statement below reads
  -- them by subscript: each join of the rows to them was a function scan, a hash and a hash join more for the
  -- executor to build and tear down on every call.
  row_live int[];
  row_tenant int[];
  has_dedup_keys boolean;
  batch_size int := cardinality(p_ids);
  -- The batch's time (the service's clock, as received) decides the period, not the database's.
  batch_at timestamptz;
  p_received_at timestamptz[];
  p_days date[];
  p_token_hashes bytea[];
  p_body_hashes bytea[];
  p_bodies bytea[];
  p_headers json[];
BEGIN
  -- Trigger registration waits for batches in flight (see the header); one shared lock per batch.
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('relay_trigger_registration', 0));

  -- The parameters split, in one statement (each statement a call runs costs an executor's start and end).
  -- Received times come as epoch milliseconds (cheaper to send than timestamp text); bytes and headers arrive whole
  -- (one binary parameter each, no array literal to parse).
  SELECT to_timestamp((SELECT max(r.ms) FROM unnest(p_received_ms) AS r(ms)) / 1000.0),
         ARRAY(SELECT to_timestamp(r.ms / 1000.0) FROM unnest(p_received_ms) WITH ORDINALITY AS r(ms, ord) ORDER BY r.ord),
         ARRAY(SELECT date '1970-01-01' + floor(r.ms / 86400000)::int FROM unnest(p_received_ms) WITH ORDINALITY AS r(ms, ord) ORDER BY r.ord),
         ARRAY(SELECT substr(p_all_token_hashes, (g - 1) * 32 + 1, 32) FROM generate_series(1, batch_size) AS g ORDER BY g),
         ARRAY(SELECT substr(p_all_body_hashes, (g - 1) * 32 + 1, 32) FROM generate_series(1, batch_size) AS g ORDER BY g),
         ARRAY(SELECT substr(p_all_bodies, (sum(b.len) OVER (ORDER BY b.ord) - b.len + 1)::int, b.len)
                 FROM unnest(p_body_lengths) WITH ORDINALITY AS b(len, ord) ORDER BY b.ord),
         ARRAY(SELECT h.value FROM json_array_elements(p_all_headers) WITH ORDINALITY AS h(value, ord) ORDER BY h.ord),
         EXISTS (SELECT 1 FROM unnest(p_dedup_keys) AS k(key) WHERE k.key IS NOT NULL)
    INTO batch_at, p_received_at, p_days, p_token_hashes, p_body_hashes, p_bodies, p_headers, has_dedup_keys;

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

  -- Each row's places in the live_ and batch_ arrays (see row_live), and whether a tenant might not fit the whole
  -- batch (only then are rows counted one by one).
  SELECT array_agg(r.live ORDER BY r.ord), array_agg(array_position(batch_tenants, live_tenants[r.live]) ORDER BY r.ord),
         EXISTS (SELECT 1 FROM unnest(batch_remaining) AS b(remaining) WHERE b.remaining < batch_size)
    INTO row_live, row_tenant, limited
    FROM (SELECT i.ord, array_position(live_hashes, i.token_hash) AS live
            FROM unnest(p_token_hashes) WITH ORDINALITY AS i(token_hash, ord)) r;

  -- Which rows fit: per tenant, the first `remaining` in arrival order.
  IF limited THEN
    SELECT array_agg(coalesce(batch_remaining[a.tenant] IS NULL OR a.n <= batch_remaining[a.tenant], false) ORDER BY a.ord) INTO admit
      FROM (SELECT i.ord, i.tenant, row_number() OVER (PARTITION BY i.tenant ORDER BY i.ord) AS n
              FROM unnest(row_tenant) WITH ORDINALITY AS i(tenant, ord)) a;
  END IF;

  INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size)
  SELECT DISTINCT ON (i.tenant, i.body_hash, i.day) batch_tenants[i.tenant], i.body_hash, batch_plans[i.tenant], i.day, i.body, octet_length(i.body)
    FROM unnest(row_tenant, p_days, p_bodies, p_body_hashes, admit) AS i(tenant, day, body, body_hash, admit)
   WHERE i.tenant IS NOT NULL AND (NOT limited OR i.admit)
  ON CONFLICT DO NOTHING;

  -- Dedup keys: the first row with a key its endpoint does not have yet claims it (a key held by a batch in
  -- flight waits for it); every other row with a key is a repeat of the key's holder.
  IF has_dedup_keys THEN
    WITH keys AS (
      INSERT INTO event_dedup_keys (endpoint_id, dedup_key, event_id)
      SELECT live_endpoints[i.live], i.dedup_key, i.id
        FROM unnest(row_live, p_ids, p_dedup_keys, admit) WITH ORDINALITY AS i(live, id, dedup_key, admit, ord)
       WHERE i.live IS NOT NULL AND i.dedup_key IS NOT NULL AND (NOT limited OR i.admit)
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
    SELECT i.id, live_tenants[i.live], live_endpoints[i.live], i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
           CASE WHEN i.id = ANY (claimed) THEN i.dedup_key END,
           CASE WHEN i.dedup_key IS NOT NULL AND NOT coalesce(i.id = ANY (claimed), false)
                THEN (SELECT k.event_id FROM event_dedup_keys k WHERE k.endpoint_id = live_endpoints[i.live] AND k.dedup_key = i.dedup_key) END,
           NOT live_unverified[i.live], nextval('deliveries_position_seq'), live_token_ids[i.live], batch_plans[i.tenant], i.day, i.event_type
      FROM unnest(row_live, row_tenant, p_ids, p_received_at, p_days, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources,
                  p_dedup_keys, admit, p_event_types)
             WITH ORDINALITY AS i(live, tenant, id, received_at, day, method, path, query, headers, body_hash, source, dedup_key, admit,
                                  event_type, ord)
     WHERE i.tenant IS NOT NULL AND (NOT limited OR i.admit)
     ORDER BY i.ord
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, capture_seq, received_at, plan_id
  ), subscribed AS (
    -- A repeat is not delivered: no fan-out for it.
    SELECT s.*, s.duplicate_of IS NULL AND coalesce(live_subscribed[array_position(live_endpoints, s.endpoint_id)], false) AS subscribed
      FROM stored s
  ), marked AS (
    -- Events on their way to a destination: held here until fanned out (relay_fan_out removes them).
    INSERT INTO fan_out_pending (tenant_id, endpoint_id, capture_seq, event_id, received_at)
    SELECT s.tenant_id, s.endpoint_id, s.capture_seq, s.id, s.received_at FROM subscribed s WHERE s.subscribed
  ), fed AS (
    -- Events of endpoints with a trigger: the feed triggers.wait drains (duplicates are not fed).
    INSERT INTO trigger_events (tenant_id, endpoint_id, capture_seq, event_id)
    SELECT s.tenant_id, s.endpoint_id, s.capture_seq, s.id FROM stored s
     WHERE s.duplicate_of IS NULL AND coalesce(live_triggered[array_position(live_endpoints, s.endpoint_id)], false)
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
     WHERE s.to_verify AND live_versions[array_position(live_endpoints, s.endpoint_id)] = c.version
    RETURNING event_id
  )
  SELECT s.id, s.tenant_id, s.endpoint_id, s.duplicate_of, s.to_verify, NULL::text, s.subscribed, k.event_id IS NOT NULL
    FROM subscribed s LEFT JOIN checked k ON k.event_id = s.id;

  -- Count what was stored, per tenant and period, in this backend's slot.
  INSERT INTO tenant_usage (tenant_id, period_start, slot, events_captured)
  SELECT batch_tenants[i.tenant], batch_periods[i.tenant], (pg_backend_pid() % 8)::smallint, count(*)
    FROM unnest(row_tenant, admit) AS i(tenant, admit)
   WHERE i.tenant IS NOT NULL AND (NOT limited OR i.admit)
   GROUP BY i.tenant
  ON CONFLICT (tenant_id, period_start, slot) DO UPDATE SET events_captured = tenant_usage.events_captured + excluded.events_captured;

  -- The rows that did not fit: refused, nothing stored.
  IF limited THEN
    RETURN QUERY
    SELECT i.id, live_tenants[i.live], live_endpoints[i.live], NULL::uuid, false,
           CASE WHEN batch_paused[i.tenant] THEN 'paused' ELSE 'allowance' END, false, false
      FROM unnest(row_live, row_tenant, p_ids, admit) AS i(live, tenant, id, admit)
     WHERE i.tenant IS NOT NULL AND NOT i.admit;
  END IF;
END
$$;

ALTER FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[], text[], json) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[], text[], json) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[], text[], json) TO webhook_relay_app;
