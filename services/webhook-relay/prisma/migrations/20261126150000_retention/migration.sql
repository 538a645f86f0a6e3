-- Retention (issue 29, docs/retention.md): events older than their tenant's plan window go, with their
-- checks, deliveries, attempts, fan-out marks and trigger feed rows; payloads go when no event refers to them any more;
-- expired idempotency records go. Audit entries are never removed by retention.
--
-- Row deletes in id order (UUIDv7: receipt-time order), not partitions: the capture statement's dedup
-- (ON CONFLICT on the unique index (endpoint_id, dedup_key)) needs a unique index that a table partitioned
-- by time could only have with the partition key in it. docs/retention.md has the reasoning and figures.

-- The windows are configuration (RELAY_PLAN_RETENTION_DAYS), written at start like the allowances.
GRANT UPDATE (retention_days) ON plans TO webhook_relay_app;

DO $$ BEGIN
  CREATE ROLE webhook_relay_retention NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
GRANT USAGE ON SCHEMA public TO webhook_relay_retention;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_retention;
GRANT EXECUTE ON FUNCTION relay_uuid7_floor(timestamptz) TO webhook_relay_retention;
GRANT SELECT ON tenants, plans TO webhook_relay_retention;
CREATE POLICY retention_read ON tenants FOR SELECT TO webhook_relay_retention USING (true);
GRANT SELECT, DELETE ON events, event_checks, deliveries, delivery_attempts, payloads, fan_out_pending, trigger_events, idempotency_records
  TO webhook_relay_retention;
CREATE POLICY retention_purge ON events FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON event_checks FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON deliveries FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON delivery_attempts FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON payloads FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON fan_out_pending FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON trigger_events FOR ALL TO webhook_relay_retention USING (true);
CREATE POLICY retention_purge ON idempotency_records FOR ALL TO webhook_relay_retention USING (true);

-- Deleting an event looks up its deliveries (replays included: the partial unique index on
-- (event_id, destination_id) holds originals only); deleting a payload asks whether an event still refers to it.
-- That one costs capture: its keys are random (content hashes). With 5M events stored, capture ran at 0.56-0.84x
-- of an empty database with it (hash or B-tree; a freshly built one did better than one grown by inserts) and at
-- 1.00-1.06x without it (bench/webhook-relay/retention.ts). A hash index on the hash alone is the smaller of the two.
CREATE INDEX "deliveries_event_id_idx" ON "deliveries" ("event_id");
CREATE INDEX "events_payload_sha256_idx" ON "events" USING HASH ("payload_sha256");

-- Per plan, how far the purge has read the events in id order: every event with an id up to scanned_through
-- whose tenant is on the plan is gone (cost follows traffic: each call reads only the slice after it).
CREATE TABLE "retention_sweep" (
    "plan_id" VARCHAR(32) NOT NULL,
    "scanned_through" UUID NOT NULL,

    CONSTRAINT "retention_sweep_pkey" PRIMARY KEY ("plan_id")
);
ALTER TABLE "retention_sweep" ADD CONSTRAINT "retention_sweep_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO retention_sweep (plan_id, scanned_through) SELECT id, '00000000-0000-0000-0000-000000000000' FROM plans;
GRANT SELECT, UPDATE ON retention_sweep TO webhook_relay_retention;

-- Tenants whose plan changed, until the purge has removed what their new window no longer holds.
CREATE TABLE "retention_catch_up" (
    "tenant_id" UUID NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "retention_catch_up_pkey" PRIMARY KEY ("tenant_id")
);
ALTER TABLE "retention_catch_up" ADD CONSTRAINT "retention_catch_up_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE retention_catch_up ENABLE ROW LEVEL SECURITY;
ALTER TABLE retention_catch_up FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON retention_catch_up USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, DELETE ON retention_catch_up TO webhook_relay_retention;
CREATE POLICY retention_purge ON retention_catch_up FOR ALL TO webhook_relay_retention USING (true) WITH CHECK (true);
GRANT SELECT ON endpoints TO webhook_relay_retention;
CREATE POLICY retention_read ON endpoints FOR SELECT TO webhook_relay_retention USING (true);
CREATE INDEX "tenants_plan_id_idx" ON "tenants" ("plan_id");

-- Payloads of removed events, to be removed once no event refers to them (relay_purge_orphan_payloads).
CREATE TABLE "retention_payload_candidates" (
    "tenant_id" UUID NOT NULL,
    "sha256" BYTEA NOT NULL,

    CONSTRAINT "retention_payload_candidates_pkey" PRIMARY KEY ("tenant_id","sha256")
);
ALTER TABLE retention_payload_candidates ENABLE ROW LEVEL SECURITY;
ALTER TABLE retention_payload_candidates FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON retention_payload_candidates USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, DELETE ON retention_payload_candidates TO webhook_relay_retention;
CREATE POLICY retention_purge ON retention_payload_candidates FOR ALL TO webhook_relay_retention USING (true) WITH CHECK (true);

-- Retention (docs/retention.md): removes the given events with their checks, fan-out marks, trigger feed rows
-- (trigger_events) and deliveries (their
-- attempts by the foreign key's cascade), and notes their payloads for relay_purge_orphan_payloads. Called by
-- relay_purge_expired_events and relay_purge_endpoint_events only (no grant to the application).

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
    INSERT INTO retention_payload_candidates (tenant_id, sha256)
    SELECT e.tenant_id, e.payload_sha256 FROM events e WHERE e.id = ANY (p_ids) GROUP BY e.tenant_id, e.payload_sha256
    ON CONFLICT DO NOTHING;
    DELETE FROM fan_out_pending f USING events e
     WHERE e.id = ANY (p_ids) AND f.endpoint_id = e.endpoint_id AND f.capture_seq = e.capture_seq;
    DELETE FROM trigger_events t USING events e
     WHERE e.id = ANY (p_ids) AND t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq;
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

-- Retention (docs/retention.md): removes events older than their tenant's plan window, with their checks,
-- deliveries (dead letters included), delivery attempts (by the deliveries' cascade) and fan-out marks, at
-- most p_max_events per call (relay_retention_remove_events). Their payload hashes are noted in
-- retention_payload_candidates for relay_purge_orphan_payloads, which removes those no event refers to any more. Audit entries are never
-- touched.
--
-- Cost follows traffic: each plan keeps a cursor (retention_sweep.scanned_through); a call reads, in id
-- order, only the events received between that cursor and the plan's cutoff (now - retention_days),
-- whatever their tenant, and deletes those whose tenant is on that plan. A tenant with nothing to expire
-- costs nothing; every event is read once per plan over its whole life. Ids are UUIDv7, so an id range is
-- a receipt-time range.
-- A tenant whose plan changed (retention_catch_up, written by a trigger on tenants) may have events the
-- new plan's cursor already passed: they are removed through the tenant's endpoints' (endpoint_id, id) index,
-- once, then its row goes. Only such tenants cost anything here.
-- One caller at a time across replicas: a transaction advisory lock, tried, never waited for (a second
-- caller gets zeros back and moves on).
-- Runs as the NOLOGIN role webhook_relay_retention, which may read tenants and plans and read and delete
-- the rows above across tenants, and nothing else.
-- Caller: src/db/functions/relay-purge-expired-events.ts.

CREATE OR REPLACE FUNCTION relay_purge_expired_events(p_now timestamptz, p_max_events int)
  RETURNS TABLE (events bigint, deliveries bigint, more boolean, busy boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  sweep record;
  catch_up record;
  cutoff uuid;
  scanned uuid[];
  found uuid[];
  doomed uuid[] := '{}';
  budget int := p_max_events;
  n_events bigint := 0;
  n_deliveries bigint := 0;
  unfinished boolean := false;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('relay_retention_purge', 0)) THEN
    RETURN QUERY SELECT 0::bigint, 0::bigint, false, true;
    RETURN;
  END IF;
  FOR sweep IN
    SELECT s.plan_id, s.scanned_through, p.retention_days
      FROM retention_sweep s JOIN plans p ON p.id = s.plan_id ORDER BY s.plan_id
  LOOP
    cutoff := relay_uuid7_floor(p_now - make_interval(days => sweep.retention_days));
    CONTINUE WHEN cutoff <= sweep.scanned_through;
    -- A plan nobody is on has nothing to remove: its cursor moves on without reading events.
    IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.plan_id = sweep.plan_id) THEN
      UPDATE retention_sweep s SET scanned_through = cutoff WHERE s.plan_id = sweep.plan_id;
      CONTINUE;
    END IF;
    IF budget <= 0 THEN
      unfinished := true;
      CONTINUE;
    END IF;
    -- The next events of the plan's slice, every tenant's (the primary key's order), up to the budget.
    SELECT array_agg(e.id ORDER BY e.id) INTO scanned
      FROM (SELECT x.id FROM events x WHERE x.id > sweep.scanned_through AND x.id < cutoff ORDER BY x.id LIMIT budget) e;
    SELECT array_agg(e.id) INTO found
      FROM events e JOIN tenants t ON t.id = e.tenant_id
     WHERE e.id = ANY (scanned) AND t.plan_id = sweep.plan_id;
    doomed := doomed || coalesce(found, '{}');
    IF coalesce(cardinality(scanned), 0) < budget THEN
      UPDATE retention_sweep s SET scanned_through = cutoff WHERE s.plan_id = sweep.plan_id;
    ELSE
      UPDATE retention_sweep s SET scanned_through = scanned[cardinality(scanned)] WHERE s.plan_id = sweep.plan_id;
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(scanned), 0);
  END LOOP;

  -- Tenants whose plan changed: their events before their window, endpoint by endpoint (deleted ones too).
  FOR catch_up IN
    SELECT k.tenant_id, p.retention_days
      FROM retention_catch_up k JOIN tenants t ON t.id = k.tenant_id JOIN plans p ON p.id = t.plan_id
     ORDER BY k.requested_at, k.tenant_id
  LOOP
    IF budget <= 0 THEN
      unfinished := true;
      EXIT;
    END IF;
    cutoff := relay_uuid7_floor(p_now - make_interval(days => catch_up.retention_days));
    SELECT array_agg(x.id) INTO found
      FROM (SELECT e.id FROM endpoints n
              CROSS JOIN LATERAL (SELECT v.id FROM events v WHERE v.endpoint_id = n.id AND v.id < cutoff ORDER BY v.id LIMIT budget) e
             WHERE n.tenant_id = catch_up.tenant_id
             LIMIT budget) x;
    doomed := doomed || coalesce(found, '{}');
    IF coalesce(cardinality(found), 0) < budget THEN
      DELETE FROM retention_catch_up k WHERE k.tenant_id = catch_up.tenant_id;
    ELSE
      unfinished := true;
    END IF;
    budget := budget - coalesce(cardinality(found), 0);
  END LOOP;

  SELECT r.events, r.deliveries INTO n_events, n_deliveries FROM relay_retention_remove_events(doomed) r;
  RETURN QUERY SELECT n_events, n_deliveries, unfinished, false;
END
$$;

ALTER FUNCTION relay_purge_expired_events(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_expired_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_expired_events(timestamptz, int) TO webhook_relay_app;
-- Retention, second step (docs/retention.md): removes the payloads noted by relay_purge_expired_events that
-- no stored event refers to any more (a payload shared by an expired and a live event stays), and expired
-- idempotency records, at most p_max of each per call.
--
-- Capture refers to an existing payload without writing it (INSERT ... ON CONFLICT DO NOTHING, then the
-- event), so a capture in flight could refer to a payload this function finds unreferenced. The SHARE ROW
-- EXCLUSIVE lock on payloads waits for the captures that have reached their payload insert to commit and
-- holds new ones back until this transaction ends; the check that follows runs with a new snapshot and sees
-- their events. Captures wait for the few milliseconds of the delete only (lock_timeout bounds the wait
-- for a stuck capture: the candidates stay for the next call).
-- Runs as webhook_relay_retention. Caller: src/db/functions/relay-purge-orphan-payloads.ts.

CREATE OR REPLACE FUNCTION relay_purge_orphan_payloads(p_now timestamptz, p_max int)
  RETURNS TABLE (payloads bigint, idempotency_records bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  SET lock_timeout = '2s'
AS $$
DECLARE
  n_payloads bigint := 0;
  n_records bigint := 0;
  cand_tenants uuid[];
  cand_hashes bytea[];
BEGIN
  WITH taken AS (
    DELETE FROM retention_payload_candidates c
     WHERE (c.tenant_id, c.sha256) IN (SELECT k.tenant_id, k.sha256 FROM retention_payload_candidates k LIMIT p_max)
    RETURNING c.tenant_id, c.sha256
  )
  SELECT array_agg(t.tenant_id), array_agg(t.sha256) INTO cand_tenants, cand_hashes FROM taken t;
  IF cand_tenants IS NOT NULL THEN
    LOCK TABLE payloads IN SHARE ROW EXCLUSIVE MODE;
    -- A new statement: its snapshot holds every capture that committed while the lock was awaited.
    DELETE FROM payloads p USING unnest(cand_tenants, cand_hashes) AS b(tenant_id, sha256)
     WHERE p.tenant_id = b.tenant_id AND p.sha256 = b.sha256
       AND NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = b.tenant_id AND e.payload_sha256 = b.sha256);
    GET DIAGNOSTICS n_payloads = ROW_COUNT;
  END IF;
  DELETE FROM idempotency_records i
   WHERE (i.tenant_id, i.key) IN (SELECT r.tenant_id, r.key FROM idempotency_records r WHERE r.expires_at < p_now LIMIT p_max);
  GET DIAGNOSTICS n_records = ROW_COUNT;
  RETURN QUERY SELECT n_payloads, n_records, coalesce(cardinality(cand_tenants), 0) = p_max OR n_records = p_max;
END
$$;

ALTER FUNCTION relay_purge_orphan_payloads(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_orphan_payloads(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_orphan_payloads(timestamptz, int) TO webhook_relay_app;

-- Retention (docs/retention.md): a tenant whose plan changes is noted in retention_catch_up, so that
-- relay_purge_expired_events removes its events that the new plan's window no longer holds (the new plan's
-- cursor may already be past them). Runs as webhook_relay_retention: the application role cannot write there.

CREATE OR REPLACE FUNCTION relay_note_plan_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO retention_catch_up (tenant_id, requested_at) VALUES (NEW.id, now())
  ON CONFLICT (tenant_id) DO NOTHING;
  RETURN NULL;
END
$$;

ALTER FUNCTION relay_note_plan_change() OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_note_plan_change() FROM PUBLIC;

CREATE TRIGGER retention_plan_change AFTER UPDATE OF plan_id ON tenants
  FOR EACH ROW WHEN (OLD.plan_id IS DISTINCT FROM NEW.plan_id) EXECUTE FUNCTION relay_note_plan_change();

-- Deleting an endpoint with `purge_events=true` (docs/retention.md): removes all its events at once, in the
-- request's transaction, through relay_retention_remove_events; their payloads go at the purge's next pass
-- once nothing refers to them. Only an endpoint of the tenant the transaction is set to, and only once it is
-- deleted. Runs as webhook_relay_retention. Caller: src/db/functions/relay-purge-endpoint-events.ts.

CREATE OR REPLACE FUNCTION relay_purge_endpoint_events(p_endpoint uuid)
  RETURNS TABLE (events bigint, deliveries bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM endpoints n
                  WHERE n.id = p_endpoint AND n.tenant_id = app_current_tenant() AND n.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'relay_purge_endpoint_events: % is not a deleted endpoint of the tenant this transaction is set to', p_endpoint;
  END IF;
  RETURN QUERY SELECT * FROM relay_retention_remove_events(ARRAY(SELECT e.id FROM events e WHERE e.endpoint_id = p_endpoint));
END
$$;

ALTER FUNCTION relay_purge_endpoint_events(uuid) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_endpoint_events(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_endpoint_events(uuid) TO webhook_relay_app;
