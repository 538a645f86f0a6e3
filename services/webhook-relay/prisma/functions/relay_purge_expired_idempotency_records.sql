-- Retention (docs/retention.md): removes idempotency records past their expiry (IDEMPOTENCY_TTL_SECONDS), at most
-- p_max per call, through their expires_at index. Expired at p_now, at most retention_clock.max_lead_seconds ahead of the
-- database's clock (relay_retention_now).
-- Runs as webhook_relay_retention. Caller: src/db/functions/relay-purge-expired-idempotency-records.ts.

CREATE OR REPLACE FUNCTION relay_purge_expired_idempotency_records(p_now timestamptz, p_max int)
  RETURNS TABLE (removed bigint, more boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_records bigint := 0;
  pass_at timestamptz := relay_retention_now(p_now);
BEGIN
  DELETE FROM idempotency_records i
   WHERE (i.tenant_id, i.key) IN (SELECT r.tenant_id, r.key FROM idempotency_records r WHERE r.expires_at < pass_at LIMIT p_max);
  GET DIAGNOSTICS n_records = ROW_COUNT;
  RETURN QUERY SELECT n_records, n_records = p_max;
END
$$;

ALTER FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_purge_expired_idempotency_records(timestamptz, int) TO webhook_relay_app;
