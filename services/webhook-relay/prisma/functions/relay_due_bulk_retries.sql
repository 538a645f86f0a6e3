-- The bulk retries of every tenant that a worker process may take now (docs/bulk-retry.md): queued or running,
-- and nobody's lease on them, or a lease that ran out (the process holding it died). Oldest first. The runner
-- then claims each in its tenant's transaction, so two processes never run one job at once. Across tenants, so
-- SECURITY DEFINER, owned by webhook_relay_delivery; ids only.
-- Caller: src/db/functions/relay-due-bulk-retries.ts.

CREATE OR REPLACE FUNCTION relay_due_bulk_retries(p_now timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.tenant_id, b.id
    FROM bulk_retries b
   WHERE b.state IN ('queued', 'running') AND (b.lease_until IS NULL OR b.lease_until <= p_now)
   ORDER BY b.id
   LIMIT p_limit
$$;

ALTER FUNCTION relay_due_bulk_retries(timestamptz, int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_due_bulk_retries(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_due_bulk_retries(timestamptz, int) TO webhook_relay_app;
