-- Retention by partitions (issue 29, docs/retention.md). events, payloads and event_checks become partitioned
-- tables: by plan (LIST on plan_id, the tenant's plan when the event was captured), then by receipt time (RANGE on
-- the event id, a UUIDv7, or on payloads.day), one partition per ceil(retention_days / 30) days per plan, in the
-- schema relay_partitions (out of Prisma's sight). A partition wholly past its plan's window is dropped with one
-- statement, whatever it holds, and gives its disk back at once; nothing on events asks "is this payload still
-- referred to?" any more (a body is stored once per tenant, plan, day and hash, and goes with its day), so capture
-- no longer maintains the hash index retention had added. Dedup keys move to a table of their own: a unique index
-- on a partitioned table must hold the partition key, which would make a key unique per day only.
--
-- Existing rows are copied into the new tables (into each plan's default partition first; relay_maintain_partitions,
-- called at the end, gives them partitions of their own, or removes them when they are already expired).

CREATE SCHEMA relay_partitions;

-- The UTC day of a UUIDv7: an event's day, which picks its payload's partition.
CREATE OR REPLACE FUNCTION relay_uuid7_day(p_id uuid) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (to_timestamp(('x' || lpad(left(replace(p_id::text, '-', ''), 12), 16, '0'))::bit(64)::bigint / 1000.0) AT TIME ZONE 'UTC')::date $$;

GRANT EXECUTE ON FUNCTION relay_uuid7_day(uuid) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_delivery, webhook_relay_retention;

-- A plan's range partitions (one row for the three tables' partitions of the same range): what the maintenance
-- reads to know what exists and what is past the window.
CREATE TABLE "event_partitions" (
    "plan_id" VARCHAR(32) NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,

    CONSTRAINT "event_partitions_pkey" PRIMARY KEY ("plan_id","starts_on")
);
ALTER TABLE "event_partitions" ADD CONSTRAINT "event_partitions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Dedup keys: unique per endpoint across every partition. Written by capture only, removed with their event.
CREATE TABLE "event_dedup_keys" (
    "endpoint_id" UUID NOT NULL,
    "dedup_key" TEXT NOT NULL,
    "event_id" UUID NOT NULL,

    CONSTRAINT "event_dedup_keys_pkey" PRIMARY KEY ("endpoint_id","dedup_key")
);
CREATE INDEX "event_dedup_keys_event_id_idx" ON "event_dedup_keys"("event_id");
GRANT SELECT, INSERT ON event_dedup_keys TO webhook_relay_ingest;
GRANT SELECT, DELETE ON event_dedup_keys TO webhook_relay_retention;

-- What refers to an event is found by its id when its partition goes (relay_retention_clear_range), and removed
-- set-based: the attempts' foreign key to deliveries cascaded with a query per delivery (1.2 s for a day of 166k
-- deliveries, against 0.4 s for two set-based deletes). Every function that removes deliveries removes their
-- attempts first. The retention role reads the partitions it joins to (granted per partition as they are made).
ALTER TABLE delivery_attempts DROP CONSTRAINT delivery_attempts_delivery_id_fkey;
GRANT USAGE ON SCHEMA relay_partitions TO webhook_relay_retention;
CREATE INDEX "trigger_events_event_id_idx" ON "trigger_events"("event_id");
CREATE INDEX "fan_out_pending_event_id_idx" ON "fan_out_pending"("event_id");

-- The unpartitioned tables step aside; deliveries keep their event ids without a foreign key (one cannot point
-- into a table partitioned by a key it does not hold; relay_retention_clear_range removes them with their event).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_id_fkey;
ALTER TABLE events RENAME TO events_unpartitioned;
ALTER INDEX events_pkey RENAME TO events_unpartitioned_pkey;
ALTER INDEX events_endpoint_id_dedup_key_key RENAME TO events_unpartitioned_endpoint_id_dedup_key_key;
ALTER INDEX events_endpoint_id_id_idx RENAME TO events_unpartitioned_endpoint_id_id_idx;
DROP INDEX events_payload_sha256_idx;
ALTER TABLE payloads RENAME TO payloads_unpartitioned;
ALTER INDEX payloads_pkey RENAME TO payloads_unpartitioned_pkey;
ALTER TABLE event_checks RENAME TO event_checks_unpartitioned;
ALTER INDEX event_checks_pkey RENAME TO event_checks_unpartitioned_pkey;

CREATE TABLE "events" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "method" VARCHAR(16) NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT NOT NULL DEFAULT '',
    "headers" JSON NOT NULL,
    "payload_sha256" BYTEA NOT NULL,
    "source_address" VARCHAR(64),
    "dedup_key" TEXT,
    "duplicate_of" UUID,
    "to_verify" BOOLEAN NOT NULL DEFAULT false,
    "capture_seq" BIGINT,
    "ingest_token_id" UUID,
    "plan_id" VARCHAR(32) NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id","plan_id")
) PARTITION BY LIST ("plan_id");
CREATE INDEX "events_endpoint_id_id_idx" ON "events"("endpoint_id", "id");

CREATE TABLE "payloads" (
    "tenant_id" UUID NOT NULL,
    "sha256" BYTEA NOT NULL,
    "plan_id" VARCHAR(32) NOT NULL,
    "day" DATE NOT NULL,
    "body" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payloads_pkey" PRIMARY KEY ("tenant_id","sha256","plan_id","day")
) PARTITION BY LIST ("plan_id");

CREATE TABLE "event_checks" (
    "event_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "state" "verification_state" NOT NULL,
    "cause" VARCHAR(64),
    "detail" JSONB,
    "provider" VARCHAR(64),
    "matched_secret_id" UUID,
    "verified_at" TIMESTAMPTZ(3),
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "plan_id" VARCHAR(32) NOT NULL,

    CONSTRAINT "event_checks_pkey" PRIMARY KEY ("event_id","plan_id")
) PARTITION BY LIST ("plan_id");

CREATE TRIGGER events_path_without_token BEFORE INSERT ON events
  FOR EACH ROW WHEN (starts_with(NEW.path, '/whep_')) EXECUTE FUNCTION relay_event_path_without_token();

-- Row-level security and privileges as the tables had them (checked on the partitioned table; the partitions, in
-- relay_partitions, are reachable by their owner only).
ALTER TABLE events ENABLE ROW LEVEL SECURITY;
ALTER TABLE events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON events USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
CREATE POLICY capture_insert ON events FOR INSERT TO webhook_relay_ingest WITH CHECK (true);
CREATE POLICY capture_read ON events FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY delivery_lookup ON events FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY retention_purge ON events FOR ALL TO webhook_relay_retention USING (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON events TO webhook_relay_app;
GRANT SELECT, INSERT ON events TO webhook_relay_ingest;
GRANT SELECT ON events TO webhook_relay_delivery;
GRANT SELECT, UPDATE, DELETE ON events TO webhook_relay_retention;

ALTER TABLE payloads ENABLE ROW LEVEL SECURITY;
ALTER TABLE payloads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payloads USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
CREATE POLICY capture_insert ON payloads FOR INSERT TO webhook_relay_ingest WITH CHECK (true);
CREATE POLICY capture_read ON payloads FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY retention_purge ON payloads FOR ALL TO webhook_relay_retention USING (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON payloads TO webhook_relay_app;
GRANT SELECT, INSERT ON payloads TO webhook_relay_ingest;
GRANT SELECT, INSERT, DELETE ON payloads TO webhook_relay_retention;

ALTER TABLE event_checks ENABLE ROW LEVEL SECURITY;
ALTER TABLE event_checks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON event_checks USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
CREATE POLICY delivery_lookup ON event_checks FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY sweep_read ON event_checks FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY retention_purge ON event_checks FOR ALL TO webhook_relay_retention USING (true);
GRANT SELECT, INSERT ON event_checks TO webhook_relay_app;
GRANT SELECT ON event_checks TO webhook_relay_ingest;
GRANT SELECT ON event_checks TO webhook_relay_delivery;
GRANT SELECT, UPDATE, DELETE ON event_checks TO webhook_relay_retention;


-- A plan's partitions of events, payloads and event_checks (docs/retention.md): one per table, itself partitioned
-- by receipt time, with a default partition for rows whose range has no partition yet. Does nothing for a plan
-- that has them. Runs with the privileges of its caller (relay_maintain_partitions, the migrations), which owns
-- the tables.
-- Called from SQL only.

CREATE OR REPLACE FUNCTION relay_create_plan_partitions(p_plan varchar) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  t record;
BEGIN
  IF to_regclass(format('relay_partitions.%I', 'events_' || p_plan)) IS NOT NULL THEN
    RETURN;
  END IF;
  FOR t IN SELECT * FROM (VALUES ('events', 'id'), ('payloads', 'day'), ('event_checks', 'event_id')) AS v(name, key) LOOP
    EXECUTE format('CREATE TABLE relay_partitions.%I PARTITION OF public.%I FOR VALUES IN (%L) PARTITION BY RANGE (%I)',
      t.name || '_' || p_plan, t.name, p_plan, t.key);
    EXECUTE format('CREATE TABLE relay_partitions.%I PARTITION OF relay_partitions.%I DEFAULT',
      t.name || '_' || p_plan || '_default', t.name || '_' || p_plan);
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION relay_create_plan_partitions(varchar) FROM PUBLIC;

-- One range of a plan's partitions (docs/retention.md): events, payloads and event_checks received from p_from up to
-- p_to (UTC days), recorded in event_partitions. Each is made as a table of its own, filled with the rows of its
-- range that went to the plan's default partition meanwhile, then attached: attaching takes a lock that capture
-- does not wait for (SHARE UPDATE EXCLUSIVE on the plan's table), where creating a partition in place would.
-- Runs with the privileges of its caller (relay_maintain_partitions, the migrations), which owns the tables.
-- Called from SQL only.

CREATE OR REPLACE FUNCTION relay_create_range_partitions(p_plan varchar, p_from date, p_to date) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  t record;
  name text;
  lo_id uuid := relay_uuid7_floor(p_from::timestamp AT TIME ZONE 'UTC');
  hi_id uuid := relay_uuid7_floor(p_to::timestamp AT TIME ZONE 'UTC');
BEGIN
  FOR t IN SELECT * FROM (VALUES ('events', 'id', lo_id::text, hi_id::text), ('payloads', 'day', p_from::text, p_to::text),
                                 ('event_checks', 'event_id', lo_id::text, hi_id::text)) AS v(name, key, lo, hi) LOOP
    name := t.name || '_' || p_plan || '_' || to_char(p_from, 'YYYYMMDD');
    EXECUTE format('CREATE TABLE relay_partitions.%I (LIKE public.%I INCLUDING DEFAULTS)', name, t.name);
    EXECUTE format('WITH moved AS (DELETE FROM relay_partitions.%I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO relay_partitions.%I SELECT * FROM moved',
      t.name || '_' || p_plan || '_default', t.key, t.lo, t.key, t.hi, name);
    EXECUTE format('ALTER TABLE relay_partitions.%I ATTACH PARTITION relay_partitions.%I FOR VALUES FROM (%L) TO (%L)',
      t.name || '_' || p_plan, name, t.lo, t.hi);
    IF t.name = 'events' THEN
      -- relay_retention_clear_range joins it to what refers to its events before it is dropped.
      EXECUTE format('GRANT SELECT ON relay_partitions.%I TO webhook_relay_retention', name);
    END IF;
  END LOOP;
  INSERT INTO event_partitions (plan_id, starts_on, ends_on) VALUES (p_plan, p_from, p_to);
END
$$;

REVOKE ALL ON FUNCTION relay_create_range_partitions(varchar, date, date) FROM PUBLIC;

-- Each plan's partitions, then the rows (into the default partitions; the maintenance below sorts them out).
SELECT relay_create_plan_partitions(p.id) FROM plans p ORDER BY p.id;
INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, dedup_key,
                    duplicate_of, to_verify, capture_seq, ingest_token_id, plan_id, day)
SELECT o.id, o.tenant_id, o.endpoint_id, o.received_at, o.method, o.path, o.query, o.headers, o.payload_sha256, o.source_address, o.dedup_key,
       o.duplicate_of, o.to_verify, o.capture_seq, o.ingest_token_id, t.plan_id, relay_uuid7_day(o.id)
  FROM events_unpartitioned o JOIN tenants t ON t.id = o.tenant_id;
INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size, created_at)
SELECT p.tenant_id, p.sha256, k.plan_id, k.day, p.body, p.size, p.created_at
  FROM (SELECT DISTINCT e.tenant_id, e.payload_sha256, e.plan_id, e.day FROM events e) k
  JOIN payloads_unpartitioned p ON p.tenant_id = k.tenant_id AND p.sha256 = k.payload_sha256;
INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at, plan_id)
SELECT c.event_id, c.tenant_id, c.state, c.cause, c.detail, c.provider, c.matched_secret_id, c.verified_at, c.checked_at, e.plan_id
  FROM event_checks_unpartitioned c JOIN events e ON e.id = c.event_id;
INSERT INTO event_dedup_keys (endpoint_id, dedup_key, event_id)
SELECT e.endpoint_id, e.dedup_key, e.id FROM events e WHERE e.dedup_key IS NOT NULL;
DROP TABLE events_unpartitioned, payloads_unpartitioned, event_checks_unpartitioned;

-- The row-delete purge this replaces.
DROP FUNCTION relay_purge_expired_events(timestamptz, int);
DROP FUNCTION relay_purge_orphan_payloads(timestamptz, int);
DROP TABLE retention_sweep, retention_payload_candidates;

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
  live_triggered boolean[];
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
         array_agg(EXISTS (SELECT 1 FROM triggers g WHERE g.endpoint_id = e.id))
    INTO live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed, live_triggered
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
                        duplicate_of, to_verify, capture_seq, ingest_token_id, plan_id, day)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
           CASE WHEN i.id = ANY (claimed) THEN i.dedup_key END,
           CASE WHEN i.dedup_key IS NOT NULL AND NOT coalesce(i.id = ANY (claimed), false)
                THEN (SELECT k.event_id FROM event_dedup_keys k WHERE k.endpoint_id = l.endpoint_id AND k.dedup_key = i.dedup_key) END,
           NOT l.unverified, nextval('deliveries_position_seq'), l.token_id, b.plan_id, i.day
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_days, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit)
             WITH ORDINALITY AS i(token_hash, id, received_at, day, method, path, query, headers, body_hash, source, dedup_key, admit, ord)
      JOIN unnest(live_hashes, live_token_ids, live_tenants, live_endpoints, live_unverified, live_subscribed)
             AS l(token_hash, token_id, tenant_id, endpoint_id, unverified, subscribed) ON l.token_hash = i.token_hash
      JOIN unnest(batch_tenants, batch_plans) AS b(tenant_id, plan_id) ON b.tenant_id = l.tenant_id
     WHERE NOT limited OR i.admit
     ORDER BY i.ord
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, capture_seq, received_at
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
  )
  SELECT s.id, s.tenant_id, s.endpoint_id, s.duplicate_of, s.to_verify, NULL::text, s.subscribed
    FROM subscribed s;

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

ALTER FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[]) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_capture_batch(uuid[], float8[], text[], text[], text[], text[], text[], json, bytea, bytea, bytea, int[]) TO webhook_relay_app;

-- Records the verification results of one tenant's events in one statement, insert-only (the first
-- result recorded wins). Each result carries the endpoint's verification_version it was checked with;
-- a result whose endpoint has moved on since is not recorded, and its event id comes back for the
-- caller to check again with the current settings. A check goes to its event's partition (plan_id).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-record-checks.ts.

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
      FROM results r JOIN events e ON e.id = r.id WHERE r.current
    ON CONFLICT (event_id, plan_id) DO NOTHING
  )
  SELECT r.id FROM results r WHERE NOT r.current;
END
$$;

REVOKE ALL ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) TO webhook_relay_app;

-- A delivery worker's read, in one statement: the destination (no row when it does not exist; live is
-- false when it is disabled or deleted), its signing secrets in force at p_now (sealed), and its
-- oldest pending deliveries in FIFO order with their event's body. One row per head with the
-- destination's columns repeated, or one row with null head columns when none is due. The heads stop
-- before the smallest capture number still in fan_out_pending for an endpoint the destination
-- subscribes to; held says pending deliveries wait behind it.
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-delivery-heads.ts.

CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
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
        JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
        LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id
       WHERE x.destination_id = d.id AND x.state = 'pending' AND d.enabled AND d.deleted_at IS NULL
         AND (held_from IS NULL OR x.position < held_from)
       ORDER BY x.position LIMIT p_limit) AS h ON true
   WHERE d.id = p_destination;
END
$$;

REVOKE ALL ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) TO webhook_relay_app;

-- Fan-out of one tenant's events, in one statement: for each ready event (checked, or nothing to
-- check) that is not a repeat, one delivery per subscription whose state and event-type filters match,
-- to enabled destinations, positioned by the event's capture number; and the events' fan_out_pending
-- rows removed in the same transaction, matched or not. Idempotent: an event has one original delivery
-- per destination (the partial unique index).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-fan-out.ts.

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
      FROM events e LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id
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
                                          WHERE p.tenant_id = p_tenant AND p.sha256 = r.payload_sha256 AND p.plan_id = r.plan_id AND p.day = r.day)) = ANY (s.event_types))
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

REVOKE ALL ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_fan_out(uuid, uuid[], timestamptz) TO webhook_relay_app;

-- The fan-out sweep: events received in [mark, p_received_before) that are ready (checked, or nothing
-- to check), not repeats, and of an endpoint with a subscription, oldest first; the mark
-- (delivery_fanout_sweep) then moves on, never past an event still waiting for its check. Also every
-- event held in fan_out_pending that is older than p_received_before and ready, wherever the mark
-- stands. Tenant and event id only; the caller fans them out again (relay_fan_out is idempotent).
-- Across tenants, so SECURITY DEFINER, owned by webhook_relay_delivery.
-- Caller: src/db/functions/relay-events-to-fan-out.ts (a long statement: LONG_STATEMENTS in src/db/prisma.ts).

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
           LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id < upper_id
           WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.duplicate_of IS NULL
             AND (NOT ev.to_verify OR c.event_id IS NOT NULL)
             AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = ev.endpoint_id)
           ORDER BY ev.id LIMIT p_limit) d;
  SELECT min(ev.received_at) INTO waiting FROM events ev
    LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id < upper_id
   WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.to_verify AND c.event_id IS NULL;
  UPDATE delivery_fanout_sweep SET resume_from = greatest(mark, least(
    coalesce(waiting, 'infinity'),
    CASE WHEN cardinality(found_ids) >= p_limit THEN newest ELSE p_received_before END));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
  -- Marks left behind (a crash between capture and fan-out): only when there are any, and only the events' own
  -- partitions (an id range), so an idle relay reads one empty index here and no partition of events.
  SELECT (SELECT p.event_id FROM fan_out_pending p WHERE p.received_at < p_received_before ORDER BY p.event_id LIMIT 1),
         (SELECT p.event_id FROM fan_out_pending p WHERE p.received_at < p_received_before ORDER BY p.event_id DESC LIMIT 1)
    INTO lower_id, upper_id;
  IF lower_id IS NOT NULL THEN
    RETURN QUERY
      SELECT p.tenant_id, p.event_id FROM fan_out_pending p
        JOIN events ev ON ev.id = p.event_id AND ev.id >= lower_id AND ev.id <= upper_id
        LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id AND c.event_id >= lower_id AND c.event_id <= upper_id
       WHERE p.received_at < p_received_before AND (NOT ev.to_verify OR c.event_id IS NOT NULL)
         AND NOT (p.event_id = ANY (coalesce(found_ids, '{}')))
       ORDER BY p.received_at LIMIT p_limit;
  END IF;
END
$$;

ALTER FUNCTION relay_events_to_fan_out(timestamptz, int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_events_to_fan_out(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_events_to_fan_out(timestamptz, int) TO webhook_relay_app;

-- The verification sweep: events due a check that have no result and were received in
-- [mark, p_received_before), as an id range (ids are UUIDv7 of the received time), oldest first;
-- tenant and id only. The mark (verification_sweep) then moves to the oldest one returned, or to
-- p_received_before when there is none. Across tenants, so SECURITY DEFINER, owned by
-- webhook_relay_ingest.
-- Caller: src/db/functions/relay-unchecked-events.ts (a long statement: LONG_STATEMENTS in src/db/prisma.ts).

CREATE OR REPLACE FUNCTION relay_unchecked_events(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  oldest timestamptz;
BEGIN
  SELECT s.resume_from INTO mark FROM verification_sweep s FOR UPDATE;
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), min(d.received_at)
    INTO found_tenants, found_ids, oldest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
            LEFT JOIN event_checks c ON c.event_id = ev.id AND c.plan_id = ev.plan_id
                  AND c.event_id >= relay_uuid7_floor(mark) AND c.event_id < relay_uuid7_floor(p_received_before)
           WHERE ev.id >= relay_uuid7_floor(mark) AND ev.id < relay_uuid7_floor(p_received_before) AND ev.to_verify
             AND c.event_id IS NULL
           ORDER BY ev.id LIMIT p_limit) d;
  UPDATE verification_sweep SET resume_from = greatest(mark, coalesce(oldest, p_received_before));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
END
$$;

ALTER FUNCTION relay_unchecked_events(timestamptz, int) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_unchecked_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_unchecked_events(timestamptz, int) TO webhook_relay_app;

-- Deletes a tenant's data for /admin's DELETE /admin/tenants/{id}: deliveries (their attempts with them),
-- events with their checks and payloads, destinations and endpoints (their secrets, tokens, subscriptions,
-- triggers and cursors with them), users and idempotency records. The tenant row, its keys (revoked by the
-- caller) and its audit log stay. Only the tenant the transaction is set to (app.tenant_id): owned by the
-- role that runs migrations, which owns the tables, so the tenant_isolation policies still apply to it
-- (FORCE ROW LEVEL SECURITY); the application role may not delete event checks itself.
-- Caller: src/db/functions/relay-admin-delete-tenant-data.ts.

CREATE OR REPLACE FUNCTION relay_admin_delete_tenant_data(p_tenant uuid)
  RETURNS TABLE (events bigint, deliveries bigint, endpoints bigint, destinations bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_events bigint;
  n_deliveries bigint;
  n_endpoints bigint;
  n_destinations bigint;
BEGIN
  IF p_tenant IS DISTINCT FROM app_current_tenant() THEN
    RAISE EXCEPTION 'relay_admin_delete_tenant_data: % is not the tenant this transaction is set to', p_tenant;
  END IF;
  DELETE FROM fan_out_pending f WHERE f.tenant_id = p_tenant;
  DELETE FROM delivery_attempts a USING deliveries x WHERE a.delivery_id = x.id AND x.tenant_id = p_tenant;
  DELETE FROM deliveries x WHERE x.tenant_id = p_tenant;
  GET DIAGNOSTICS n_deliveries = ROW_COUNT;
  DELETE FROM event_checks c WHERE c.tenant_id = p_tenant;
  DELETE FROM events e WHERE e.tenant_id = p_tenant;
  GET DIAGNOSTICS n_events = ROW_COUNT;
  DELETE FROM payloads p WHERE p.tenant_id = p_tenant;
  DELETE FROM event_dedup_keys k USING endpoints n WHERE n.tenant_id = p_tenant AND k.endpoint_id = n.id;
  DELETE FROM destinations d WHERE d.tenant_id = p_tenant;
  GET DIAGNOSTICS n_destinations = ROW_COUNT;
  DELETE FROM endpoints n WHERE n.tenant_id = p_tenant;
  GET DIAGNOSTICS n_endpoints = ROW_COUNT;
  DELETE FROM users u WHERE u.tenant_id = p_tenant;
  DELETE FROM idempotency_records i WHERE i.tenant_id = p_tenant;
  RETURN QUERY SELECT n_events, n_deliveries, n_endpoints, n_destinations;
END
$$;

REVOKE ALL ON FUNCTION relay_admin_delete_tenant_data(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_admin_delete_tenant_data(uuid) TO webhook_relay_app;

-- Retention (docs/retention.md): removes the given events with their checks, fan-out marks, dedup keys, trigger feed
-- rows (trigger_events; a trigger that had not read them yet is marked in lost_through_seq, so triggers.wait can say
-- so instead of skipping them silently) and deliveries with their attempts. Row deletes,
-- for the few events that are not removed with their partition: those of a deleted endpoint purged at once
-- (relay_purge_endpoint_events), of a tenant whose new plan's window no longer holds them
-- (relay_retention_catch_up), and expired ones that reached a default partition (relay_maintain_partitions).
-- Their payloads go with their partition. Called by those functions only (no grant to the application).

CREATE OR REPLACE FUNCTION relay_retention_remove_events(p_ids uuid[])
  RETURNS TABLE (events bigint, deliveries bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_events bigint := 0;
  n_deliveries bigint := 0;
BEGIN
  IF cardinality(p_ids) > 0 THEN
    DELETE FROM fan_out_pending f USING events e
     WHERE e.id = ANY (p_ids) AND f.endpoint_id = e.endpoint_id AND f.capture_seq = e.capture_seq;
    UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
      FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq FROM trigger_events t JOIN events e
                ON t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq
             WHERE e.id = ANY (p_ids) GROUP BY t.endpoint_id) x
     WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq;
    DELETE FROM trigger_events t USING events e
     WHERE e.id = ANY (p_ids) AND t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq;
    DELETE FROM event_dedup_keys k WHERE k.event_id = ANY (p_ids);
    DELETE FROM delivery_attempts a USING deliveries d WHERE a.delivery_id = d.id AND d.event_id = ANY (p_ids);
    DELETE FROM deliveries d WHERE d.event_id = ANY (p_ids);
    GET DIAGNOSTICS n_deliveries = ROW_COUNT;
    DELETE FROM event_checks c WHERE c.event_id = ANY (p_ids);
    DELETE FROM events e WHERE e.id = ANY (p_ids);
    GET DIAGNOSTICS n_events = ROW_COUNT;
  END IF;
  RETURN QUERY SELECT n_events, n_deliveries;
END
$$;

ALTER FUNCTION relay_retention_remove_events(uuid[]) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_remove_events(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_remove_events(uuid[]) TO CURRENT_USER;

-- Retention (docs/retention.md): before a partition of events is dropped, removes what refers to its events
-- (p_partition, in relay_partitions, holding a plan's events received in [p_lo, p_hi); ids are UUIDv7): their
-- deliveries, dead letters and pending ones alike, with their attempts; their rows in MCP triggers' feed (a trigger
-- that had not read them yet is marked in lost_through_seq, so triggers.wait says so instead of skipping them
-- silently); their fan-out marks and their dedup keys. Each table is read through an index on the event id over the
-- range, joined to the partition, so the cost follows what refers to the events. Their checks and payloads are
-- partitioned with them. Set-based deletes: delivery_attempts has no foreign key to deliveries, whose cascade cost a
-- query per delivery.
-- Runs as webhook_relay_retention, which may read the range partitions relay_create_range_partitions made. Called
-- by relay_maintain_partitions only (no grant to the application).

CREATE OR REPLACE FUNCTION relay_retention_clear_range(p_partition text, p_lo uuid, p_hi uuid)
  RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_deliveries bigint;
BEGIN
  EXECUTE format(
    'UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
       FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq
               FROM trigger_events t JOIN relay_partitions.%I e ON e.id = t.event_id
              WHERE t.event_id >= $1 AND t.event_id < $2 GROUP BY t.endpoint_id) x
      WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq', p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM trigger_events t USING relay_partitions.%I e WHERE e.id = t.event_id AND t.event_id >= $1 AND t.event_id < $2',
    p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM fan_out_pending f USING relay_partitions.%I e WHERE e.id = f.event_id AND f.event_id >= $1 AND f.event_id < $2',
    p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM event_dedup_keys k USING relay_partitions.%I e WHERE e.id = k.event_id AND k.event_id >= $1 AND k.event_id < $2',
    p_partition) USING p_lo, p_hi;
  -- The deliveries, then their attempts by the ids the first delete returns: one pass over the deliveries' range.
  EXECUTE format(
    'WITH gone AS (DELETE FROM deliveries d USING relay_partitions.%I e
                    WHERE e.id = d.event_id AND d.event_id >= $1 AND d.event_id < $2 RETURNING d.id),
          attempts AS (DELETE FROM delivery_attempts a USING gone g WHERE a.delivery_id = g.id)
     SELECT count(*) FROM gone', p_partition) INTO n_deliveries USING p_lo, p_hi;
  RETURN n_deliveries;
END
$$;

ALTER FUNCTION relay_retention_clear_range(text, uuid, uuid) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_clear_range(text, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_clear_range(text, uuid, uuid) TO CURRENT_USER;

-- Retention (docs/retention.md): the plans some tenant is on. relay_maintain_partitions makes ranges ahead for those
-- only (cost follows traffic: a plan nobody is on has its default partition and nothing else). Runs as
-- webhook_relay_retention, which may read tenants across tenants (the maintenance's owner may not: tenants has
-- FORCE ROW LEVEL SECURITY). Called by relay_maintain_partitions only.

CREATE OR REPLACE FUNCTION relay_retention_plans_in_use() RETURNS SETOF varchar
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT p.id FROM plans p WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.plan_id = p.id) $$;

ALTER FUNCTION relay_retention_plans_in_use() OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_plans_in_use() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_plans_in_use() TO CURRENT_USER;

-- Retention after a plan change (docs/retention.md). An event stays in the partitions of the plan its tenant was on
-- when it was captured, and they are dropped on that plan's schedule. For a tenant whose plan changed
-- (retention_catch_up, written by a trigger on tenants), this removes its events that the new window no longer
-- holds and moves the others, with their checks and a copy of their payloads, into the new plan's partitions, at
-- most p_max events per call. The copies left behind go with their old partitions. Only such tenants cost
-- anything: the events are found through the tenant's endpoints' (endpoint_id, id) index, in the other plans'
-- partitions only. A change is handled a minute after it was made, once the captures that read the old plan have
-- committed.
-- Runs as webhook_relay_retention. Caller: src/db/functions/relay-retention-catch-up.ts.

CREATE OR REPLACE FUNCTION relay_retention_catch_up(p_now timestamptz, p_max int)
  RETURNS TABLE (removed bigint, moved bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  catch_up record;
  others varchar[];
  cutoff uuid;
  found_ids uuid[];
  doomed uuid[];
  moving uuid[];
  budget int := p_max;
  n_removed bigint := 0;
  n_moved bigint := 0;
  unfinished boolean := false;
BEGIN
  FOR catch_up IN
    SELECT k.tenant_id, t.plan_id, p.retention_days
      FROM retention_catch_up k JOIN tenants t ON t.id = k.tenant_id JOIN plans p ON p.id = t.plan_id
     WHERE k.requested_at <= now() - interval '1 minute'
     ORDER BY k.requested_at, k.tenant_id
  LOOP
    IF budget <= 0 THEN
      unfinished := true;
      EXIT;
    END IF;
    others := ARRAY(SELECT p.id FROM plans p WHERE p.id <> catch_up.plan_id);
    cutoff := relay_uuid7_floor(p_now - make_interval(days => catch_up.retention_days));
    SELECT array_agg(x.id) INTO found_ids
      FROM (SELECT e.id FROM endpoints n
              CROSS JOIN LATERAL (SELECT v.id FROM events v WHERE v.endpoint_id = n.id AND v.plan_id = ANY (others) LIMIT budget) e
             WHERE n.tenant_id = catch_up.tenant_id
             LIMIT budget) x;
    doomed := ARRAY(SELECT i FROM unnest(found_ids) AS i WHERE i < cutoff);
    moving := ARRAY(SELECT i FROM unnest(found_ids) AS i WHERE i >= cutoff);
    IF cardinality(doomed) > 0 THEN
      n_removed := n_removed + (SELECT r.events FROM relay_retention_remove_events(doomed) r);
    END IF;
    IF cardinality(moving) > 0 THEN
      INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size, created_at)
      SELECT DISTINCT ON (p.sha256, p.day) p.tenant_id, p.sha256, catch_up.plan_id, p.day, p.body, p.size, p.created_at
        FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
       WHERE e.id = ANY (moving) AND e.plan_id = ANY (others)
      ON CONFLICT DO NOTHING;
      UPDATE event_checks c SET plan_id = catch_up.plan_id WHERE c.event_id = ANY (moving) AND c.plan_id = ANY (others);
      UPDATE events e SET plan_id = catch_up.plan_id WHERE e.id = ANY (moving) AND e.plan_id = ANY (others);
      n_moved := n_moved + cardinality(moving);
    END IF;
    IF coalesce(cardinality(found_ids), 0) < budget THEN
      DELETE FROM retention_catch_up k WHERE k.tenant_id = catch_up.tenant_id;
    ELSE
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(found_ids), 0);
  END LOOP;
  RETURN QUERY SELECT n_removed, n_moved, unfinished;
END
$$;

ALTER FUNCTION relay_retention_catch_up(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_catch_up(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_catch_up(timestamptz, int) TO webhook_relay_app;

-- Retention (docs/retention.md): removes idempotency records past their expiry (IDEMPOTENCY_TTL_SECONDS), at most
-- p_max per call, through their expires_at index.
-- Runs as webhook_relay_retention. Caller: src/db/functions/relay-purge-expired-idempotency-records.ts.

CREATE OR REPLACE FUNCTION relay_purge_expired_idempotency_records(p_now timestamptz, p_max int)
  RETURNS TABLE (removed bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_records bigint := 0;
BEGIN
  DELETE FROM idempotency_records i
   WHERE (i.tenant_id, i.key) IN (SELECT r.tenant_id, r.key FROM idempotency_records r WHERE r.expires_at < p_now LIMIT p_max);
  GET DIAGNOSTICS n_records = ROW_COUNT;
  RETURN QUERY SELECT n_records, n_records = p_max;
END
$$;

ALTER FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) TO webhook_relay_app;

-- Retention by partitions (docs/retention.md). events, payloads and event_checks are partitioned by plan (LIST on
-- plan_id: the tenant's plan when the event was captured), then by receipt time (RANGE on the event id, a UUIDv7,
-- or on payloads.day), in the schema relay_partitions. Per plan, a partition spans ceil(retention_days / 30) days
-- (a day for windows up to 30 days), so a plan holds about 31 of them, and event_partitions lists them.
--
-- One pass at p_now:
-- - creates the partitions of each plan some tenant is on from today through today + p_ahead_days that do not exist
--   yet (capture never waits for this: until a range has its partition, its rows go to the plan's default
--   partition, and creating the partition moves them in);
-- - rows in a plan's default partition that are older than today get partitions of their own too, or are
--   removed when they are already past the window;
-- - drops every partition whose whole span is past its plan's window, after relay_retention_clear_range has
--   removed what refers to its events (deliveries and their attempts, trigger feed rows, fan-out marks, dedup
--   keys). Dropping a table costs the same whatever it holds, and gives its disk back at once.
-- A partition it cannot lock within lock_timeout (a capture or a long query on it) is left for the next pass:
-- dropping one locks its plan's table and default partition (ACCESS EXCLUSIVE), so captures of that plan wait
-- for the drop itself (milliseconds) or for lock_timeout at most.
-- One caller at a time across replicas: a transaction advisory lock, tried, never waited for.
-- Owned by the role that runs migrations (it owns the tables: creating and dropping partitions needs it).
-- Caller: src/db/functions/relay-maintain-partitions.ts.

CREATE OR REPLACE FUNCTION relay_maintain_partitions(p_now timestamptz, p_ahead_days int)
  RETURNS TABLE (created int, dropped int, busy boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  SET lock_timeout = '500ms'
AS $$
DECLARE
  plan record;
  part record;
  today date := (p_now AT TIME ZONE 'UTC')::date;
  day date;
  stop date;
  next_start date;
  oldest date;
  expired uuid[];
  in_use varchar[] := ARRAY(SELECT relay_retention_plans_in_use());
  span int;
  suffix text;
  window_start timestamptz;
  n_created int := 0;
  n_dropped int := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('relay_partition_maintenance', 0)) THEN
    RETURN QUERY SELECT 0, 0, true;
    RETURN;
  END IF;
  FOR plan IN SELECT p.id, p.retention_days FROM plans p ORDER BY p.id LOOP
    PERFORM relay_create_plan_partitions(plan.id);
    span := greatest(1, ceil(plan.retention_days / 30.0))::int;
    window_start := p_now - make_interval(days => plan.retention_days);

    -- Rows that reached the default partition: past the window they go, inside it they get their partitions.
    EXECUTE format('SELECT array_agg(e.id) FILTER (WHERE e.id < $1), min(relay_uuid7_day(e.id)) FILTER (WHERE e.id >= $1)
                      FROM relay_partitions.%I e', 'events_' || plan.id || '_default')
       INTO expired, oldest USING relay_uuid7_floor(window_start);
    IF expired IS NOT NULL THEN
      PERFORM relay_retention_remove_events(expired);
    END IF;
    EXECUTE format('DELETE FROM relay_partitions.%I WHERE day < $1', 'payloads_' || plan.id || '_default')
      USING (window_start AT TIME ZONE 'UTC')::date;

    day := least(today, coalesce(oldest, today));
    -- A plan nobody is on gets no ranges ahead (its default partition takes a first tenant's first captures).
    WHILE day <= today + p_ahead_days AND (plan.id = ANY (in_use) OR oldest IS NOT NULL) LOOP
      SELECT x.ends_on INTO stop FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on <= day AND x.ends_on > day;
      IF stop IS NOT NULL THEN
        day := stop;
        CONTINUE;
      END IF;
      SELECT min(x.starts_on) INTO next_start FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on > day;
      stop := least(date '1970-01-01' + ((day - date '1970-01-01') / span + 1) * span, coalesce(next_start, 'infinity'::date));
      BEGIN
        PERFORM relay_create_range_partitions(plan.id, day, stop);
        n_created := n_created + 1;
      EXCEPTION WHEN lock_not_available OR check_violation THEN
        -- A capture writing to the default partition held it past lock_timeout, or committed a row of this range
        -- there after the move: the rows stay in the default partition, and this plan's ranges wait for the next pass.
        EXIT;
      END;
      day := stop;
    END LOOP;

    FOR part IN
      SELECT x.starts_on, x.ends_on FROM event_partitions x
       WHERE x.plan_id = plan.id AND (x.ends_on::timestamp AT TIME ZONE 'UTC') <= window_start
       ORDER BY x.starts_on
    LOOP
      -- The range's partitions are <table>_<plan>_<first day> (relay_create_range_partitions).
      suffix := plan.id || '_' || to_char(part.starts_on, 'YYYYMMDD');
      BEGIN
        PERFORM relay_retention_clear_range('events_' || suffix,
          relay_uuid7_floor(part.starts_on::timestamp AT TIME ZONE 'UTC'), relay_uuid7_floor(part.ends_on::timestamp AT TIME ZONE 'UTC'));
        EXECUTE format('DROP TABLE relay_partitions.%I, relay_partitions.%I, relay_partitions.%I',
          'events_' || suffix, 'payloads_' || suffix, 'event_checks_' || suffix);
        DELETE FROM event_partitions x WHERE x.plan_id = plan.id AND x.starts_on = part.starts_on;
        n_dropped := n_dropped + 1;
      EXCEPTION WHEN lock_not_available THEN
        -- Busy: this plan's expired partitions wait for the next pass.
        EXIT;
      END;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT n_created, n_dropped, false;
END
$$;

REVOKE ALL ON FUNCTION relay_maintain_partitions(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_maintain_partitions(timestamptz, int) TO webhook_relay_app;

-- Partitions from today on, and for the copied rows.
SELECT * FROM relay_maintain_partitions(now(), 2);
