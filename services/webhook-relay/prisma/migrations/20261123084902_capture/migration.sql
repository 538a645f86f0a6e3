-- Repeats collapse on (endpoint_id, dedup_key), for events that have a key only: endpoints without
-- deduplication add nothing to this index (and no hot spot of equal keys).
CREATE UNIQUE INDEX "events_endpoint_id_dedup_key_key" ON "events" ("endpoint_id", "dedup_key") WHERE "dedup_key" IS NOT NULL;

-- Events still to verify (after a crash between capture and verification): found without a scan.
CREATE INDEX "events_unchecked_idx" ON "events" ("received_at") WHERE "checked_at" IS NULL;

-- Capture runs before any tenant is known and stores the requests of many tenants in one shared
-- commit, so it cannot run under one tenant's setting. It runs as webhook_relay_ingest (NOLOGIN),
-- through the two functions below only: they resolve each token by hash and store exactly what was
-- received for the endpoint that token opens, and nothing else.
DO $$
BEGIN
  CREATE ROLE webhook_relay_ingest NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

GRANT USAGE ON SCHEMA public TO webhook_relay_ingest;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_ingest;
GRANT SELECT ON ingest_tokens, endpoints TO webhook_relay_ingest;
GRANT SELECT, INSERT ON payloads, events TO webhook_relay_ingest;
CREATE POLICY capture_lookup ON ingest_tokens FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY capture_lookup ON endpoints FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY capture_read ON payloads FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY capture_insert ON payloads FOR INSERT TO webhook_relay_ingest WITH CHECK (true);
CREATE POLICY capture_read ON events FOR SELECT TO webhook_relay_ingest USING (true);
CREATE POLICY capture_insert ON events FOR INSERT TO webhook_relay_ingest WITH CHECK (true);

-- One call stores a whole batch. Rows whose token opens no live endpoint are left out (the caller
-- answers 404 for them). A row whose dedup key its endpoint already has is still stored, without
-- the key and pointing at the original (duplicate_of): capture first, deduplicate after. Events of
-- endpoints without a provider have nothing to verify and are stored already checked (unattempted).
CREATE FUNCTION relay_capture_batch(
  p_token_hashes bytea[], p_ids uuid[], p_received_at timestamptz[], p_methods text[], p_paths text[],
  p_queries text[], p_headers jsonb[], p_bodies bytea[], p_body_hashes bytea[], p_sources text[], p_dedup_keys text[]
) RETURNS TABLE (ord int, event_id uuid, tenant_id uuid, endpoint_id uuid, duplicate_of uuid, to_verify boolean)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  inserted uuid[];
BEGIN
  INSERT INTO payloads (tenant_id, sha256, body, size)
  SELECT DISTINCT ON (t.tenant_id, i.body_hash) t.tenant_id, i.body_hash, i.body, octet_length(i.body)
    FROM unnest(p_token_hashes, p_bodies, p_body_hashes) AS i(token_hash, body, body_hash)
    JOIN ingest_tokens t ON t.token_hash = i.token_hash AND t.revoked_at IS NULL
    JOIN endpoints e ON e.id = t.endpoint_id AND e.deleted_at IS NULL
  ON CONFLICT DO NOTHING;

  WITH stored AS (
    INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, dedup_key, checked_at)
    SELECT i.id, t.tenant_id, t.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source, i.dedup_key,
           CASE WHEN e.provider IS NULL THEN i.received_at END
      FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys)
             WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, ord)
      JOIN ingest_tokens t ON t.token_hash = i.token_hash AND t.revoked_at IS NULL
      JOIN endpoints e ON e.id = t.endpoint_id AND e.deleted_at IS NULL
     ORDER BY i.ord
    ON CONFLICT (endpoint_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING
    RETURNING id
  )
  SELECT coalesce(array_agg(id), '{}') INTO inserted FROM stored;

  -- Repeats: only when this batch has dedup keys at all.
  IF NOT EXISTS (SELECT 1 FROM unnest(p_dedup_keys) AS k(key) WHERE k.key IS NOT NULL) THEN
    RETURN QUERY
    SELECT i.ord::int, ev.id, ev.tenant_id, ev.endpoint_id, ev.duplicate_of, ev.checked_at IS NULL
      FROM unnest(p_ids) WITH ORDINALITY AS i(id, ord)
      JOIN events ev ON ev.id = i.id;
    RETURN;
  END IF;

  INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address, duplicate_of, checked_at)
  SELECT i.id, t.tenant_id, t.endpoint_id, i.received_at, i.method, i.path, i.query, i.headers, i.body_hash, i.source,
         (SELECT o.id FROM events o WHERE o.endpoint_id = t.endpoint_id AND o.dedup_key = i.dedup_key),
         CASE WHEN e.provider IS NULL THEN i.received_at END
    FROM unnest(p_token_hashes, p_ids, p_received_at, p_methods, p_paths, p_queries, p_headers, p_body_hashes, p_sources, p_dedup_keys)
           WITH ORDINALITY AS i(token_hash, id, received_at, method, path, query, headers, body_hash, source, dedup_key, ord)
    JOIN ingest_tokens t ON t.token_hash = i.token_hash AND t.revoked_at IS NULL
    JOIN endpoints e ON e.id = t.endpoint_id AND e.deleted_at IS NULL
   WHERE i.dedup_key IS NOT NULL AND NOT (i.id = ANY (inserted))
   ORDER BY i.ord;

  RETURN QUERY
  SELECT i.ord::int, ev.id, ev.tenant_id, ev.endpoint_id, ev.duplicate_of, ev.checked_at IS NULL
    FROM unnest(p_ids) WITH ORDINALITY AS i(id, ord)
    JOIN events ev ON ev.id = i.id;
END
$$;

-- What capture needs to know of an endpoint before it stores a request: which one the token opens,
-- and how it deduplicates. Ids and settings only.
CREATE FUNCTION relay_resolve_ingest_token(candidate_hash bytea)
  RETURNS TABLE (tenant_id uuid, endpoint_id uuid, provider varchar, dedup_strategy varchar, dedup_fields text[], dedup_window_seconds int)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT t.tenant_id, t.endpoint_id, e.provider, e.dedup_strategy, e.dedup_fields, e.dedup_window_seconds
      FROM ingest_tokens t JOIN endpoints e ON e.id = t.endpoint_id
     WHERE t.token_hash = candidate_hash AND t.revoked_at IS NULL AND e.deleted_at IS NULL
  $$;

-- Events whose verification never ran (the process stopped in between): tenant and id only.
CREATE FUNCTION relay_unchecked_events(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT ev.tenant_id, ev.id FROM events ev
     WHERE ev.checked_at IS NULL AND ev.received_at < p_received_before
     ORDER BY ev.received_at LIMIT p_limit
  $$;

ALTER FUNCTION relay_capture_batch(bytea[], uuid[], timestamptz[], text[], text[], text[], jsonb[], bytea[], bytea[], text[], text[]) OWNER TO webhook_relay_ingest;
ALTER FUNCTION relay_resolve_ingest_token(bytea) OWNER TO webhook_relay_ingest;
ALTER FUNCTION relay_unchecked_events(timestamptz, int) OWNER TO webhook_relay_ingest;
REVOKE ALL ON FUNCTION relay_capture_batch(bytea[], uuid[], timestamptz[], text[], text[], text[], jsonb[], bytea[], bytea[], text[], text[]),
  relay_resolve_ingest_token(bytea), relay_unchecked_events(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_capture_batch(bytea[], uuid[], timestamptz[], text[], text[], text[], jsonb[], bytea[], bytea[], text[], text[]),
  relay_resolve_ingest_token(bytea), relay_unchecked_events(timestamptz, int) TO webhook_relay_app;
