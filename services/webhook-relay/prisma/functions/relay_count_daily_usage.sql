-- The dashboard's chart of events per day: adds what an ingest process counted since its last write (per tenant
-- and UTC day, from the rows relay_capture_batch returned as stored) to tenant_daily_usage, in this backend's slot
-- (as capture counted before: 8 slots a day, so concurrent writers rarely meet on a row). Each ingest process
-- calls it every INGEST_USAGE_FLUSH_MS for the tenant-days it captured in, and once more at shutdown
-- (src/ingest/daily-usage-counter.ts); nothing for a tenant that captured nothing. A tenant deleted since its
-- events were counted is skipped. Rows are written in (tenant, day) order, so two writers cannot deadlock. Across
-- tenants, so SECURITY DEFINER, owned by webhook_relay_ingest (which may write tenant_daily_usage).
-- Caller: src/db/functions/relay-count-daily-usage.ts.

CREATE OR REPLACE FUNCTION relay_count_daily_usage(p_tenant_ids uuid[], p_days date[], p_events bigint[])
  RETURNS void
  LANGUAGE sql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  INSERT INTO tenant_daily_usage (tenant_id, day, slot, events_captured)
  SELECT c.tenant_id, c.day, (pg_backend_pid() % 8)::smallint, sum(c.events)
    FROM unnest(p_tenant_ids, p_days, p_events) AS c(tenant_id, day, events)
   WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant_id)
   GROUP BY c.tenant_id, c.day
   ORDER BY c.tenant_id, c.day
  ON CONFLICT (tenant_id, day, slot) DO UPDATE SET events_captured = tenant_daily_usage.events_captured + excluded.events_captured
$$;

ALTER FUNCTION relay_count_daily_usage(uuid[], date[], bigint[]) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_count_daily_usage(uuid[], date[], bigint[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_count_daily_usage(uuid[], date[], bigint[]) TO webhook_relay_app;
