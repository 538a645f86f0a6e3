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
