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
