-- Failure intelligence (docs/failure-handling.md): a circuit breaker and a rate limit per destination, and
-- issues, the failures of a destination or an endpoint grouped by kind.

-- The breaker: closed (deliveries flow), open (the head waits for its next probe; nothing is dead-lettered).
-- A run of consecutive_failures since failing_since opens it once it holds breaker_failures failures and lasts
-- breaker_window_ms; probes_failed counts the probes that failed since (their waits grow); a run lasting
-- disable_after_ms turns the destination off. The rate limit: at most rate_limit_max sends per rate_limit_per_ms.
-- Paused by hand (paused_at): events still reach its queue, which holds in order until it is resumed; off
-- (enabled false, by hand, 410 or failing past its disable window): events do not reach it.
ALTER TABLE destinations
  ADD COLUMN breaker_state text NOT NULL DEFAULT 'closed' CHECK (breaker_state IN ('closed', 'open')),
  ADD COLUMN consecutive_failures int NOT NULL DEFAULT 0,
  ADD COLUMN failing_since timestamptz(3),
  ADD COLUMN probes_failed int NOT NULL DEFAULT 0,
  ADD COLUMN breaker_opened_at timestamptz(3),
  ADD COLUMN next_probe_at timestamptz(3),
  ADD COLUMN breaker_failures int NOT NULL DEFAULT 5 CHECK (breaker_failures BETWEEN 1 AND 1000),
  ADD COLUMN breaker_window_ms int NOT NULL DEFAULT 300000 CHECK (breaker_window_ms BETWEEN 0 AND 604800000),
  ADD COLUMN disable_after_ms bigint NOT NULL DEFAULT 432000000 CHECK (disable_after_ms BETWEEN 60000 AND 2592000000),
  ADD COLUMN rate_limit_max int CHECK (rate_limit_max BETWEEN 1 AND 100000),
  ADD COLUMN rate_limit_per_ms int CHECK (rate_limit_per_ms IN (1000, 60000)),
  ADD COLUMN paused_at timestamptz(3),
  ADD COLUMN paused_reason text,
  ADD CONSTRAINT destinations_rate_limit_whole CHECK ((rate_limit_max IS NULL) = (rate_limit_per_ms IS NULL));

-- One issue per destination (or endpoint) and kind while it is open or acknowledged; resolved ones stay as history.
CREATE TABLE "issues" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "destination_id" UUID,
    "endpoint_id" UUID,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
    "count" INTEGER NOT NULL DEFAULT 1,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_status" INTEGER,
    "last_error" TEXT,
    "last_excerpt" TEXT,
    "last_delivery_id" UUID,
    "last_event_id" UUID,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,

    CONSTRAINT "issues_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "issues_one_subject" CHECK ((destination_id IS NULL) <> (endpoint_id IS NULL))
);
ALTER TABLE "issues" ADD CONSTRAINT "issues_destination_id_fkey" FOREIGN KEY ("destination_id") REFERENCES "destinations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issues" ADD CONSTRAINT "issues_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "issues_destination_kind_unresolved" ON issues (destination_id, kind) WHERE state <> 'resolved' AND destination_id IS NOT NULL;
CREATE UNIQUE INDEX "issues_endpoint_kind_unresolved" ON issues (endpoint_id, kind) WHERE state <> 'resolved' AND endpoint_id IS NOT NULL;
CREATE INDEX "issues_tenant_id_id_idx" ON issues (tenant_id, id);
ALTER TABLE issues ENABLE ROW LEVEL SECURITY;
ALTER TABLE issues FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON issues USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON issues TO webhook_relay_app;

-- The heads' read returns the breaker and the rate limit, and a paused destination is not live: its result
-- changes, so it is dropped and created again.
DROP FUNCTION relay_delivery_heads(uuid, uuid, int, timestamptz);
CREATE OR REPLACE FUNCTION relay_delivery_heads(p_tenant uuid, p_destination uuid, p_limit int, p_now timestamptz)
  RETURNS TABLE (
    url text, timeout_ms int, headers_ciphertext bytea, live boolean, secrets json,
    breaker_state text, consecutive_failures int, failing_since timestamptz, probes_failed int,
    breaker_failures int, breaker_window_ms int, disable_after_ms bigint, rate_limit_max int, rate_limit_per_ms int,
    unresolved_issues boolean,
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
         EXISTS (SELECT 1 FROM issues i WHERE i.destination_id = d.id AND i.state <> 'resolved'),
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

-- The reconciler leaves paused destinations alone: their jobs would only be taken and put down again.
CREATE OR REPLACE FUNCTION relay_pending_destinations(p_count_limit int)
  RETURNS TABLE (tenant_id uuid, destination_id uuid, pending bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  WITH RECURSIVE walk(destination_id) AS (
    (SELECT x.destination_id FROM deliveries x WHERE x.state = 'pending' ORDER BY x.destination_id LIMIT 1)
    UNION ALL
    SELECT (SELECT x.destination_id FROM deliveries x
             WHERE x.state = 'pending' AND x.destination_id > w.destination_id
             ORDER BY x.destination_id LIMIT 1)
      FROM walk w
     WHERE w.destination_id IS NOT NULL
  )
  SELECT d.tenant_id, d.id,
         (SELECT count(*) FROM (SELECT 1 FROM deliveries x
                                 WHERE x.destination_id = d.id AND x.state = 'pending' LIMIT p_count_limit) AS counted)
    FROM walk w
    JOIN destinations d ON d.id = w.destination_id
   WHERE d.enabled AND d.deleted_at IS NULL AND d.paused_at IS NULL
$$;
