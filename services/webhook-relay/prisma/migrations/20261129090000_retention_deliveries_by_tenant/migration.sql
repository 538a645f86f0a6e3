-- Retention removes a day's deliveries and attempts by (tenant_id, event_id) over the day's id range instead of
-- joining them to the day's partition of events (docs/retention.md, "Where it runs"): the join read the partition
-- and hashed it for each table, and attempts were found one delivery at a time; the day's pass with a delivery and
-- an attempt per event took 1.2-1.3 s, of which those two deletes took 0.8 s.
-- An attempt now carries its delivery's event id (written by relay_record_delivery_outcomes). Existing attempts get
-- theirs here, in one UPDATE (it takes about as long as rewriting the table: run it in a quiet hour); an attempt
-- whose delivery no longer exists is removed. The index on deliveries (event_id) becomes (tenant_id, event_id):
-- every reader of deliveries by event knows the tenant (row-level security, or the event's row).

ALTER TABLE "delivery_attempts" ADD COLUMN "event_id" UUID;
UPDATE "delivery_attempts" a SET "event_id" = d."event_id" FROM "deliveries" d WHERE d."id" = a."delivery_id";
DELETE FROM "delivery_attempts" WHERE "event_id" IS NULL;
ALTER TABLE "delivery_attempts" ALTER COLUMN "event_id" SET NOT NULL;

DROP INDEX "deliveries_event_id_idx";
CREATE INDEX "deliveries_tenant_id_event_id_idx" ON "deliveries"("tenant_id", "event_id");
CREATE INDEX "delivery_attempts_tenant_id_event_id_idx" ON "delivery_attempts"("tenant_id", "event_id");

CREATE OR REPLACE FUNCTION relay_record_delivery_outcomes(
  p_tenant uuid, p_destination uuid, p_attempt_ids uuid[], p_delivery_ids uuid[], p_started timestamptz[],
  p_durations int[], p_statuses int[], p_errors text[], p_excerpts text[], p_states text[], p_next_attempts timestamptz[],
  p_disable text)
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
           last_status = p_statuses[i], last_error = p_errors[i],
           completed_at = CASE WHEN p_states[i] = 'succeeded' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END,
           dead_lettered_at = CASE WHEN p_states[i] = 'dead_lettered' THEN p_started[i] + make_interval(secs => p_durations[i] / 1000.0) END
     WHERE id = p_delivery_ids[i] AND state = 'pending';
  END LOOP;
  IF p_disable IS NOT NULL THEN
    UPDATE destinations SET enabled = false, disabled_reason = p_disable, updated_at = now() WHERE id = p_destination;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION relay_retention_remove_events(p_ids uuid[])
  RETURNS TABLE (events bigint, deliveries bigint)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_events bigint := 0;
  n_deliveries bigint := 0;
BEGIN
  IF cardinality(p_ids) > 0 THEN
    DELETE FROM fan_out_pending f USING events e
     WHERE e.id = ANY (p_ids) AND f.endpoint_id = e.endpoint_id AND f.capture_seq = e.capture_seq;
    UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
      FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq FROM trigger_events t JOIN events e
                ON t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq
             WHERE e.id = ANY (p_ids) GROUP BY t.endpoint_id) x
     WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq;
    DELETE FROM trigger_events t USING events e
     WHERE e.id = ANY (p_ids) AND t.endpoint_id = e.endpoint_id AND t.capture_seq = e.capture_seq;
    DELETE FROM event_dedup_keys k WHERE k.event_id = ANY (p_ids);
    DELETE FROM delivery_attempts a USING events e WHERE e.id = ANY (p_ids) AND a.tenant_id = e.tenant_id AND a.event_id = e.id;
    DELETE FROM deliveries d USING events e WHERE e.id = ANY (p_ids) AND d.tenant_id = e.tenant_id AND d.event_id = e.id;
    GET DIAGNOSTICS n_deliveries = ROW_COUNT;
    DELETE FROM event_checks c WHERE c.event_id = ANY (p_ids);
    DELETE FROM events e WHERE e.id = ANY (p_ids);
    GET DIAGNOSTICS n_events = ROW_COUNT;
  END IF;
  RETURN QUERY SELECT n_events, n_deliveries;
END
$$;

CREATE OR REPLACE FUNCTION relay_retention_clear_range(p_partition text, p_lo uuid, p_hi uuid)
  RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  n_deliveries bigint;
  n_changing bigint;
  whole uuid[];
  changing uuid[];
BEGIN
  EXECUTE format(
    'UPDATE triggers g SET lost_through_seq = greatest(coalesce(g.lost_through_seq, -1), x.last_seq)
       FROM (SELECT t.endpoint_id, max(t.capture_seq) AS last_seq
               FROM trigger_events t JOIN relay_partitions.%I e ON e.id = t.event_id
              WHERE t.event_id >= $1 AND t.event_id < $2 GROUP BY t.endpoint_id) x
      WHERE g.endpoint_id = x.endpoint_id AND coalesce(g.cursor_seq, -1) < x.last_seq', p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM trigger_events t USING relay_partitions.%I e WHERE e.id = t.event_id AND t.event_id >= $1 AND t.event_id < $2',
    p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM fan_out_pending f USING relay_partitions.%I e WHERE e.id = f.event_id AND f.event_id >= $1 AND f.event_id < $2',
    p_partition) USING p_lo, p_hi;
  EXECUTE format('DELETE FROM event_dedup_keys k USING relay_partitions.%I e WHERE e.id = k.event_id AND k.event_id >= $1 AND k.event_id < $2',
    p_partition) USING p_lo, p_hi;
  EXECUTE format(
    'SELECT array_agg(s.tenant_id) FILTER (WHERE s.whole), array_agg(s.tenant_id) FILTER (WHERE NOT s.whole)
       FROM (SELECT x.tenant_id, coalesce(t.plan_id = x.plan_id, false)
                      AND NOT EXISTS (SELECT 1 FROM retention_catch_up k WHERE k.tenant_id = x.tenant_id) AS whole
               FROM (SELECT DISTINCT e.tenant_id, e.plan_id FROM relay_partitions.%I e) x
               LEFT JOIN tenants t ON t.id = x.tenant_id) s', p_partition) INTO whole, changing;
  DELETE FROM deliveries d WHERE d.tenant_id = ANY (whole) AND d.event_id >= p_lo AND d.event_id < p_hi;
  GET DIAGNOSTICS n_deliveries = ROW_COUNT;
  DELETE FROM delivery_attempts a WHERE a.tenant_id = ANY (whole) AND a.event_id >= p_lo AND a.event_id < p_hi;
  IF cardinality(changing) > 0 THEN
    EXECUTE format('DELETE FROM deliveries d USING relay_partitions.%I e
                     WHERE e.id = d.event_id AND d.tenant_id = ANY ($3) AND d.event_id >= $1 AND d.event_id < $2', p_partition)
      USING p_lo, p_hi, changing;
    GET DIAGNOSTICS n_changing = ROW_COUNT;
    n_deliveries := n_deliveries + n_changing;
    EXECUTE format('DELETE FROM delivery_attempts a USING relay_partitions.%I e
                     WHERE e.id = a.event_id AND a.tenant_id = ANY ($3) AND a.event_id >= $1 AND a.event_id < $2', p_partition)
      USING p_lo, p_hi, changing;
  END IF;
  RETURN n_deliveries;
END
$$;
