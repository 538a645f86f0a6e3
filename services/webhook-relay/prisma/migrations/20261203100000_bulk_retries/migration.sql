-- Bulk retry of dead letters (docs/bulk-retry.md): a durable job per request. The selection is frozen when it is
-- requested (dead_lettered_before is its `to`, or the request's time); total is counted when a worker starts it;
-- cursor_position is the position of the last dead letter handled, moved in the same transaction as the replays
-- that chunk inserted, so a crash never inserts a chunk twice. lease_owner/lease_until: the worker process running
-- it; another takes it over once the lease runs out.
CREATE TABLE "bulk_retries" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "destination_id" UUID NOT NULL,
    "selection" JSONB NOT NULL,
    "dead_lettered_from" TIMESTAMPTZ(3),
    "dead_lettered_before" TIMESTAMPTZ(3) NOT NULL,
    "endpoint_id" UUID,
    "event_type" TEXT,
    "status_min" INTEGER,
    "status_max" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'cancelled', 'failed')),
    "total" INTEGER,
    "retried" INTEGER NOT NULL DEFAULT 0,
    "cursor_position" BIGINT,
    "actor" VARCHAR(200) NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "bulk_retries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "bulk_retries_tenant_id_id_idx" ON "bulk_retries"("tenant_id", "id");
CREATE INDEX "bulk_retries_state_lease_until_idx" ON "bulk_retries"("state", "lease_until");
ALTER TABLE "bulk_retries" ADD CONSTRAINT "bulk_retries_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bulk_retries" ADD CONSTRAINT "bulk_retries_destination_id_fkey" FOREIGN KEY ("destination_id") REFERENCES "destinations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE bulk_retries ENABLE ROW LEVEL SECURITY;
ALTER TABLE bulk_retries FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON bulk_retries USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON bulk_retries TO webhook_relay_app;
-- relay_due_bulk_retries lists due jobs across tenants (ids only).
GRANT SELECT ON bulk_retries TO webhook_relay_delivery;
CREATE POLICY delivery_lookup ON bulk_retries FOR SELECT TO webhook_relay_delivery USING (true);

-- "Not already replayed and pending": a dead letter with a pending replay is left out of previews and jobs. Only
-- replays are indexed, so fan-out's inserts pay nothing for it.
CREATE INDEX "deliveries_replay_of_pending_idx" ON "deliveries"("replay_of") WHERE replay_of IS NOT NULL AND state = 'pending';

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
