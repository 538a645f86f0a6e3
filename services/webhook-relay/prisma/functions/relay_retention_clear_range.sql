-- Retention (docs/retention.md): before a partition of events is dropped, removes what refers to its events
-- (p_partition, in relay_partitions, holding a plan's events received in [p_lo, p_hi); ids are UUIDv7): their
-- deliveries, dead letters and pending ones alike, with their attempts; their rows in MCP triggers' feed (a trigger
-- that had not read them yet is marked in lost_through_seq, so triggers.wait says so instead of skipping them
-- silently); their fan-out marks and their dedup keys. Each table is read through an index on the event id over the
-- range, so the cost follows what refers to the events. Their checks and payloads are partitioned with them.
-- Deliveries and attempts are found by (tenant_id, event_id) over the range, for the tenants whose events of the range
-- are all in this partition: those on its plan with no plan change waiting (relay_retention_catch_up moves a tenant's
-- events into its new plan's partitions; until it has, they may be in two plans' partitions). Only a tenant with a
-- change waiting needs the join to the partition, which cost twice as much (docs/retention.md). Set-based deletes:
-- delivery_attempts has no foreign key to deliveries, whose cascade cost a query per delivery.
-- Runs as webhook_relay_retention, which may read the range partitions relay_create_range_partitions made. Called
-- by relay_maintain_partitions only (no grant to the application).

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

ALTER FUNCTION relay_retention_clear_range(text, uuid, uuid) OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_retention_clear_range(text, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_clear_range(text, uuid, uuid) TO CURRENT_USER;
