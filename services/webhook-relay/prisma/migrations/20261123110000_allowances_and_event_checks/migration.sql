-- Plan allowances enforced at capture, a leaner capture statement, and verification results written
-- insert-only to event_checks instead of updating the event row.
--
-- tenant_usage counts the events each tenant captured per allowance period: a calendar month (UTC)
-- for plans whose allowance resets, 1970-01-01 for the free plan's allowance that is spent once.
-- Each period is counted in a few slots (by backend) so concurrent capture commits add to different
-- rows instead of queueing on one; the count is their sum.

-- DropColumn: replaced by tenant_usage.
ALTER TABLE "tenants" DROP COLUMN "events_captured";

-- AlterTable: headers are stored as sent (json), without a parse into jsonb on the capture path.
ALTER TABLE "events" ALTER COLUMN "headers" SET DATA TYPE JSON;

-- Events by endpoint, newest first, without the tenant in front: under row-level security the planner
-- cannot estimate `tenant_id = app_current_tenant()` and used this index to bitmap-scan every event of
-- the tenant (verification slowed down as the table grew). Listing a tenant's events walks the primary key.
DROP INDEX "events_tenant_id_endpoint_id_id_idx";
CREATE INDEX "events_endpoint_id_id_idx" ON "events"("endpoint_id", "id");

-- CreateTable
CREATE TABLE "tenant_usage" (
    "tenant_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "slot" SMALLINT NOT NULL,
    "events_captured" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "tenant_usage_pkey" PRIMARY KEY ("tenant_id","period_start","slot")
);

-- AddForeignKey
ALTER TABLE "tenant_usage" ADD CONSTRAINT "tenant_usage_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE tenant_usage ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenant_usage FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenant_usage USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- The application reads its tenant's usage; only capture counts.
GRANT SELECT ON tenant_usage TO webhook_relay_app;
-- Paid plans' volumes are the service's configuration (RELAY_PLAN_ALLOWANCES), written at start.
GRANT UPDATE (event_allowance) ON plans TO webhook_relay_app;

-- Capture reads each tenant's plan and usage and counts what it stores.
GRANT SELECT ON tenants, plans TO webhook_relay_ingest;
GRANT SELECT, INSERT, UPDATE ON tenant_usage TO webhook_relay_ingest;
CREATE POLICY capture_quota ON tenants FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY capture_count ON tenant_usage TO webhook_relay_ingest USING (true) WITH CHECK (true);

DROP FUNCTION relay_capture_batch(bytea[], uuid[], timestamptz[], text[], text[], text[], jsonb[], bytea[], bytea[], text[], text[]);

-- Which period a plan counts in, at a given time.
CREATE FUNCTION relay_allowance_period(p_resets boolean, p_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN p_resets THEN date_trunc('month', p_at AT TIME ZONE 'UTC')::date ELSE DATE '1970-01-01' END $$;

-- One call stores a whole batch. Rows whose token opens no live endpoint are left out (the caller
-- answers 404 for them). Rows of a tenant whose capture is paused or whose plan allowance is spent
-- come back refused ('paused' or 'allowance') and store nothing. A row whose dedup key its endpoint
-- already has is still stored, without the key and pointing at the original (duplicate_of): capture
-- first, deduplicate after. Events of endpoints without a provider have nothing to verify and are
-- stored with nothing to verify (to_verify false). The caller made the ids and matches rows by id.
--
-- Allowances: far from the cap, batches count without locks (slot rows per backend); within
-- 65,536 events of it, a per-tenant advisory lock serialises the batches and usage is read again under
-- it. Unlocked batches can only overshoot if the batches in flight at once (replicas x
-- INGEST_CONCURRENT_COMMITS x INGEST_BATCH_MAX) hold more than 65,536 events; below that the allowance
-- is exact.
--
-- events has no foreign keys to endpoints and payloads: each would run a lookup and take a shared row
-- lock per inserted row (the one endpoint row of a busy endpoint, locked by every concurrent batch).
-- This function writes the events of capture and guarantees both: the endpoint comes from the live
-- token it joined, the payload row is inserted by the statement before. Endpoints are only soft-deleted.
ALTER TABLE "events" DROP CONSTRAINT "events_endpoint_id_fkey";
ALTER TABLE "events" DROP CONSTRAINT "events_tenant_id_payload_sha256_fkey";
CREATE FUNCTION relay_capture_batch(
  p_ids uuid[], p_received_ms float8[], p_methods text[], p_paths text[], p_queries text[], p_sources text[],
  p_dedup_keys text[], p_all_headers json, p_all_token_hashes bytea, p_all_body_hashes bytea, p_all_bodies bytea, p_body_lengths int[]
) RETURNS TABLE (event_id uuid, tenant_id uuid, endpoint_id uuid, duplicate_of uuid, to_verify boolean, refused text)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  -- Every call has the same shape (arrays of a batch): plan each statement once, not once per call.
  SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  live_hashes bytea[];
  live_tenants uuid[];
  live_endpoints uuid[];
  live_unverified boolean[];
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
  SELECT array_agg(t.token_hash), array_agg(t.tenant_id), array_agg(t.endpoint_id), array_agg(e.provider IS NULL)
    INTO live_hashes, live_tenants, live_endpoints, live_unverified
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

  RETURN QUERY
  WITH stored AS (
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, dedup_key, to_verify)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source, i.dedup_key,
           NOT l.unverified
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit)
             WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, admit, ord)
      JOIN unnest(live_hashes, live_tenants, live_endpoints, live_unverified) AS l(token_hash, tenant_id, endpoint_id, unverified) ON l.token_hash = i.token_hash
     WHERE NOT limited OR i.admit
     ORDER BY i.ord
    ON CONFLICT (endpoint_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, NULL::text
  )
  SELECT * FROM stored;

  -- Repeats: rows with a dedup key that the insert above skipped.
  IF EXISTS (SELECT 1 FROM unnest(p_dedup_keys) AS k(key) WHERE k.key IS NOT NULL) THEN
    RETURN QUERY
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, duplicate_of, to_verify)
    SELECT i.id, l.tenant_id, l.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
           (SELECT o.id FROM events o WHERE o.endpoint_id = l.endpoint_id AND o.dedup_key = i.dedup_key),
           NOT l.unverified
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys, admit)
             WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, admit, ord)
      JOIN unnest(live_hashes, live_tenants, live_endpoints, live_unverified) AS l(token_hash, tenant_id, endpoint_id, unverified) ON l.token_hash = i.token_hash
     WHERE i.dedup_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events x WHERE x.id = i.id)
       AND (NOT limited OR i.admit)
     ORDER BY i.ord
    RETURNING id, tenant_id, endpoint_id, duplicate_of, to_verify, NULL::text;
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
    SELECT i.id, l.tenant_id, l.endpoint_id, NULL::uuid, false, CASE WHEN b.paused THEN 'paused' ELSE 'allowance' END
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
GRANT EXECUTE ON FUNCTION relay_allowance_period(boolean, timestamptz) TO webhook_relay_app, webhook_relay_ingest;

-- Verification results: one row per checked event, inserted once. Updating the event row instead cost a
-- whole new version of it (never HOT: pages are full and the unchecked index's predicate changed) plus
-- dead tuples for vacuum, for every event.
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

    CONSTRAINT "event_checks_pkey" PRIMARY KEY ("event_id")
);
ALTER TABLE event_checks ENABLE ROW LEVEL SECURITY;
ALTER TABLE event_checks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON event_checks USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- Results are written once and never changed by the application.
GRANT SELECT, INSERT ON event_checks TO webhook_relay_app;

ALTER TABLE "events" ADD COLUMN "to_verify" BOOLEAN NOT NULL DEFAULT false;

-- Results recorded so far move over; events still unchecked (checked_at null) are due a check.
INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at)
SELECT id, tenant_id, verification_state, verification_cause, verification_detail, provider, matched_secret_id, verified_at, checked_at
  FROM events WHERE checked_at IS NOT NULL AND (provider IS NOT NULL OR verification_cause IS NOT NULL OR verification_state <> 'unattempted');
UPDATE events SET to_verify = true WHERE checked_at IS NULL OR provider IS NOT NULL;

DROP INDEX "events_unchecked_idx";
ALTER TABLE "events" DROP COLUMN "verification_state",
  DROP COLUMN "verification_cause",
  DROP COLUMN "verification_detail",
  DROP COLUMN "provider",
  DROP COLUMN "matched_secret_id",
  DROP COLUMN "verified_at",
  DROP COLUMN "checked_at";

-- Events due a check, by time: the sweep reads the recent end of it only (from its mark on).
CREATE INDEX "events_to_verify_idx" ON "events" ("received_at") WHERE "to_verify";

-- Where the sweep resumes: every event due a check received before this has its result (or is being
-- checked by whoever found it). One row; only the sweep function reads and moves it.
CREATE TABLE verification_sweep (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  resume_from timestamptz NOT NULL
);
INSERT INTO verification_sweep (resume_from) VALUES ('-infinity');
GRANT SELECT, UPDATE ON verification_sweep TO webhook_relay_ingest;
GRANT SELECT ON event_checks TO webhook_relay_ingest;
CREATE POLICY sweep_read ON event_checks FOR SELECT TO webhook_relay_ingest USING (true);

DROP FUNCTION relay_unchecked_events(timestamptz, int);

-- Events due a check that have no result and were received in [mark, p_received_before): tenant and id
-- only, oldest first. The mark then moves to the oldest one returned, or to p_received_before when there
-- are none, so later sweeps read only the recent end of the index. p_received_before must lie a grace
-- period behind every replica's clock (events are committed within it).
CREATE FUNCTION relay_unchecked_events(p_received_before timestamptz, p_limit int)
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
  SELECT array_agg(d.tenant_id ORDER BY d.received_at, d.id), array_agg(d.id ORDER BY d.received_at, d.id), min(d.received_at)
    INTO found_tenants, found_ids, oldest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
           WHERE ev.to_verify AND ev.received_at >= mark AND ev.received_at < p_received_before
             AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id)
           ORDER BY ev.received_at LIMIT p_limit) d;
  UPDATE verification_sweep SET resume_from = greatest(mark, coalesce(oldest, p_received_before));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
END
$$;
ALTER FUNCTION relay_unchecked_events(timestamptz, int) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_unchecked_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_unchecked_events(timestamptz, int) TO webhook_relay_app;
