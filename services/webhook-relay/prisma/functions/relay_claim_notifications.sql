-- The notifier's claim (docs/notifications.md): up to p_limit pending notifications of any tenant that are due at
-- p_now, oldest due first, each leased to the caller until p_now + p_lease_ms (its next_attempt_at moves there, so
-- no other claim takes it meanwhile) under a new claim_token that its outcome must name. SKIP LOCKED: two worker
-- processes claiming at once take different rows. A claimer that dies leaves its rows due again when the lease
-- ends (at least once). Across tenants, so SECURITY DEFINER, owned by webhook_relay_delivery; ids only.
-- Caller: src/db/functions/relay-claim-notifications.ts.

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
