-- Notifications (docs/notifications.md): where a tenant's issues and destination changes are announced
-- (notification_targets), and the outbox the notifier works (notifications, one row per target).

CREATE TABLE "notification_targets" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL CHECK (kind IN ('webhook', 'email')),
    "url" TEXT,
    "address" VARCHAR(320),
    "types" TEXT[],
    "description" VARCHAR(200),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret_ciphertext" BYTEA,
    "secret_hint" VARCHAR(8),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_targets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notification_targets_kind_fields" CHECK (
      (kind = 'webhook' AND url IS NOT NULL AND secret_ciphertext IS NOT NULL AND address IS NULL)
      OR (kind = 'email' AND address IS NOT NULL AND url IS NULL))
);

CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "payload" JSON NOT NULL,
    "state" VARCHAR(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "claim_token" UUID,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "notification_targets_tenant_id_id_idx" ON "notification_targets"("tenant_id", "id");
CREATE INDEX "notifications_tenant_id_id_idx" ON "notifications"("tenant_id", "id");
CREATE INDEX "notifications_target_id_id_idx" ON "notifications"("target_id", "id");
-- The claim reads only what is pending, by when it is due.
CREATE INDEX "notifications_due_idx" ON "notifications"("next_attempt_at") WHERE state = 'pending';

ALTER TABLE "notification_targets" ADD CONSTRAINT "notification_targets_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "notification_targets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant tables: row-level security as for every other (migration row_level_security).
ALTER TABLE notification_targets ENABLE ROW LEVEL SECURITY;
ALTER TABLE notification_targets FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notification_targets USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notifications USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_targets, notifications TO webhook_relay_app;

-- The notifier's claim crosses tenants: it may read and lease pending notifications, nothing else.
GRANT SELECT, UPDATE ON notifications TO webhook_relay_delivery;
CREATE POLICY notifier_claim ON notifications TO webhook_relay_delivery USING (true) WITH CHECK (true);

CREATE OR REPLACE FUNCTION relay_claim_notifications(p_now timestamptz, p_limit int, p_lease_ms int)
  RETURNS TABLE (tenant_id uuid, notification_id uuid, claim_token uuid)
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  WITH due AS (
    SELECT n.id FROM notifications n
     WHERE n.state = 'pending' AND n.next_attempt_at <= p_now
     ORDER BY n.next_attempt_at
     LIMIT p_limit
     FOR UPDATE SKIP LOCKED
  )
  UPDATE notifications n
     SET next_attempt_at = p_now + make_interval(secs => p_lease_ms / 1000.0), claim_token = gen_random_uuid()
    FROM due
   WHERE n.id = due.id
  RETURNING n.tenant_id, n.id, n.claim_token
$$;

ALTER FUNCTION relay_claim_notifications(timestamptz, int, int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_claim_notifications(timestamptz, int, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_claim_notifications(timestamptz, int, int) TO webhook_relay_app;
