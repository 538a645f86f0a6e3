-- Transformations (docs/transformations.md): versioned JavaScript functions of a destination, run in a QuickJS
-- sandbox before each send. A destination points at its active version (null: none); a delivery records the
-- version its last attempt ran.
CREATE TABLE "transformations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "destination_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,

    CONSTRAINT "transformations_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_destination_id_fkey" FOREIGN KEY ("destination_id") REFERENCES "destinations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "transformations_destination_id_version_key" ON "transformations"("destination_id", "version");
CREATE INDEX "transformations_tenant_id_id_idx" ON "transformations"("tenant_id", "id");
ALTER TABLE transformations ADD CONSTRAINT transformations_code_size CHECK (octet_length(code) <= 65536);
ALTER TABLE transformations ENABLE ROW LEVEL SECURITY;
ALTER TABLE transformations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON transformations USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON transformations TO webhook_relay_app;

ALTER TABLE "destinations" ADD COLUMN "transformation_version" INTEGER;
ALTER TABLE "deliveries" ADD COLUMN "transformation_version" INTEGER;

-- relay_delivery_heads returns the active version; relay_record_delivery_outcomes takes each attempt's version.
DROP FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz);
CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    breaker_state text, consecutive_failures int, failing_since timestamptz, probes_failed int,
    breaker_failures int, breaker_window_ms int, disable_after_ms bigint, rate_limit_max int, rate_limit_per_ms int,
    unresolved_issues boolean, transformation_version int,
    id uuid, event_id uuid, attempts int, next_attempt_at timestamptz, state text, content_type text, body bytea, held boolean)
  LANGUAGE plpgsql
AS $$
DECLARE
  held_from bigint;
  waiting boolean := false;
  head_ids uuid[];
  head_events uuid[];
  head_attempts int[];
  head_next timestamptz[];
  head_days date[];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  SELECT min(p.capture_seq) INTO held_from
    FROM fan_out_pending p
   WHERE p.endpoint_id IN (SELECT s.endpoint_id FROM subscriptions s WHERE s.destination_id = p_destination);
  IF held_from IS NOT NULL THEN
    waiting := EXISTS (SELECT 1 FROM deliveries x WHERE x.destination_id = p_destination AND x.state = 'pending' AND x.position >= held_from);
  END IF;
  -- One statement, so one snapshot: the rows below are exactly these heads.
  SELECT array_agg(x.id ORDER BY x.position), array_agg(x.event_id ORDER BY x.position),
         array_agg(x.attempts ORDER BY x.position), array_agg(x.next_attempt_at ORDER BY x.position)
    INTO head_ids, head_events, head_attempts, head_next
    FROM (SELECT x.id, x.event_id, x.attempts, x.next_attempt_at, x.position
            FROM deliveries x
           WHERE x.destination_id = p_destination AND x.state = 'pending'
             AND (held_from IS NULL OR x.position < held_from)
           ORDER BY x.position LIMIT p_limit) AS x;
  -- Once, not per row: the days the heads' events (and so their payloads) were captured on.
  head_days := relay_uuid7_days(head_events);
  RETURN QUERY
  SELECT d.url::text, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                     FROM destination_secrets s
                    WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > p_now)), '[]'),
         d.breaker_state, d.consecutive_failures, d.failing_since, d.probes_failed,
         d.breaker_failures, d.breaker_window_ms, d.disable_after_ms, d.rate_limit_max, d.rate_limit_per_ms,
         EXISTS (SELECT 1 FROM issues i WHERE i.destination_id = d.id AND i.state <> 'resolved'), d.transformation_version,
         h.id, h.event_id, h.attempts, h.next_attempt_at, h.state, h.content_type, h.body, waiting
    FROM destinations d
    LEFT JOIN LATERAL (
      SELECT k.id, k.event_id, k.attempts, k.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state,
             (SELECT pair->>1 FROM json_array_elements(e.headers) AS pair WHERE lower(pair->>0) = 'content-type' LIMIT 1) AS content_type,
             p.body
        FROM unnest(head_ids, head_events, head_attempts, head_next) WITH ORDINALITY AS k(id, event_id, attempts, next_attempt_at, n)
        JOIN events e ON e.id = k.event_id AND e.id = ANY (head_events)
        -- Each head's payload by its whole key, after its event: as a plain join the planner could start from
        -- payloads and read every payload of the tenant's day (10,000 for 20 heads), its statistics of a new
        -- day's partition saying there is one.
        CROSS JOIN LATERAL (
          SELECT q.body FROM payloads q
           WHERE q.tenant_id = e.tenant_id AND q.sha256 = e.payload_sha256 AND q.plan_id = e.plan_id AND q.day = e.day
             AND q.day = ANY (head_days)
           LIMIT 1 -- the whole key: one row at most; the LIMIT also keeps the planner from flattening the lookup
        ) AS p
        LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id = ANY (head_events)
       WHERE d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL
       ORDER BY k.n) AS h ON true
   WHERE d.id = p_destination;
END
$$;

REVOKE ALL ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz) TO webhook_relay_app;

DROP FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text);
CREATE OR REPLACE FUNCTION relay_record_delivery_outcomes(
  p_tenant uuid, p_destination uuid, p_attempt_ids uuid[], p_delivery_ids uuid[], p_started timestamptz[],
  p_durations int[], p_statuses int[], p_errors text[], p_excerpts text[], p_states text[], p_next_attempts timestamptz[],
  p_disable text, p_transformations int[])
  RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code, error, response_excerpt)
  SELECT u.id, p_tenant, u.delivery_id, d.event_id, u.started_at, u.duration_ms, u.status, u.error, u.excerpt
    FROM unnest(p_attempt_ids, p_delivery_ids, p_started, p_durations, p_statuses, p_errors, p_excerpts)
      AS u(id, delivery_id, started_at, duration_ms, status, error, excerpt)
    CROSS JOIN LATERAL (SELECT x.event_id FROM deliveries x WHERE x.id = u.delivery_id) d;
  FOR i IN 1 .. coalesce(cardinality(p_delivery_ids), 0) LOOP
    UPDATE deliveries
       SET state = p_states[i]::delivery_state, attempts = attempts + 1, next_attempt_at = p_next_attempts[i],
           last_status = p_statuses[i], last_error = p_errors[i], transformation_version = p_transformations[i],
           completed_at = CASE WHEN p_states[i] = 'succeeded' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END,
           dead_lettered_at = CASE WHEN p_states[i] = 'dead_lettered' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END
     WHERE id = p_delivery_ids[i] AND state = 'pending';
  END LOOP;
  IF p_disable IS NOT NULL THEN
    UPDATE destinations SET enabled = false, disabled_reason = p_disable, updated_at = now() WHERE id = p_destination;
  END IF;
END
$$;

REVOKE ALL ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_delivery_outcomes(uuid, uuid, uuid[], uuid[], timestamptz[], int[], int[], text[], text[], text[], timestamptz[], text, int[]) TO webhook_relay_app;
