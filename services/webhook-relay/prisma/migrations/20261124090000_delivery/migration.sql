-- Delivery (issue 8): the outbox is `deliveries` (a row before it is a BullMQ job); this adds what the
-- fan-out, the workers and the reconciler need beyond the tables the init migration made.
--
-- webhook_relay_delivery  NOLOGIN; owns the SECURITY DEFINER functions that look across tenants
--                         (which destinations have pending work, which events are due a fan-out) and
--                         return ids only. Everything else runs as the app role under row-level security.

DO $$
BEGIN
  CREATE ROLE webhook_relay_delivery NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
GRANT USAGE ON SCHEMA public TO webhook_relay_delivery;
GRANT EXECUTE ON FUNCTION app_current_tenant() TO webhook_relay_delivery;
GRANT SELECT ON deliveries, destinations, events, event_checks, subscriptions TO webhook_relay_delivery;
GRANT EXECUTE ON FUNCTION relay_uuid7_floor(timestamptz) TO webhook_relay_delivery;
CREATE POLICY delivery_lookup ON deliveries FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY delivery_lookup ON destinations FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY delivery_lookup ON events FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY delivery_lookup ON event_checks FOR SELECT TO webhook_relay_delivery USING (true);
CREATE POLICY delivery_lookup ON subscriptions FOR SELECT TO webhook_relay_delivery USING (true);

-- Secrets carry a label; destinations are soft-deleted (their dead letters stay inspectable).
ALTER TABLE "destination_secrets" ADD COLUMN "label" VARCHAR(200);
ALTER TABLE "deliveries" ADD COLUMN "dead_lettered_at" TIMESTAMPTZ(3);
ALTER TABLE "destinations" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);

-- One original delivery per event and destination: the fan-out and its sweep may both try (replays,
-- replay_of set, are new deliveries and not limited).
CREATE UNIQUE INDEX "deliveries_event_destination_original_key" ON "deliveries" ("event_id", "destination_id") WHERE "replay_of" IS NULL;
-- Dead-letter inspection and the pending head of each destination.
CREATE INDEX "deliveries_destination_pending_idx" ON "deliveries" ("destination_id", "position") WHERE "state" = 'pending';
CREATE INDEX "deliveries_tenant_state_id_idx" ON "deliveries" ("tenant_id", "state", "id");
CREATE INDEX "subscriptions_destination_id_idx" ON "subscriptions" ("destination_id");

-- A smallest-effort v7 UUID made by the database (delivery ids made in bulk by the fan-out): the
-- first 48 bits are the Unix time in milliseconds, so ids sort by creation like the service's own.
CREATE FUNCTION relay_uuid7() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid $$;
GRANT EXECUTE ON FUNCTION relay_uuid7() TO webhook_relay_app;

-- The provider's event type of a request, for subscriptions that filter on it: a type header of the
-- common providers, else the `type` (Stripe, Standard Webhooks), `event_type` or `event` member of a
-- JSON body. NULL when none is found (or the body is not JSON).
CREATE FUNCTION relay_event_type(p_headers json, p_body bytea) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  found text;
  doc jsonb;
BEGIN
  SELECT h->>1 INTO found FROM json_array_elements(p_headers) AS h
   WHERE lower(h->>0) IN ('x-github-event', 'x-gitlab-event', 'x-shopify-topic', 'x-event-type', 'x-webhook-event')
   LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  IF octet_length(p_body) = 0 OR octet_length(p_body) > 1048576 THEN
    RETURN NULL;
  END IF;
  BEGIN
    doc := convert_from(p_body, 'UTF8')::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RETURN NULL;
  END;
  IF jsonb_typeof(doc) <> 'object' THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(
    CASE WHEN jsonb_typeof(doc->'type') = 'string' THEN doc->>'type' END,
    CASE WHEN jsonb_typeof(doc->'event_type') = 'string' THEN doc->>'event_type' END,
    CASE WHEN jsonb_typeof(doc->'event') = 'string' THEN doc->>'event' END);
END
$$;
GRANT EXECUTE ON FUNCTION relay_event_type(json, bytea) TO webhook_relay_app;

-- Where the fan-out sweep resumes: every event received before this that was ready for delivery has
-- been fanned out. One row; only relay_events_to_fan_out reads and moves it.
CREATE TABLE delivery_fanout_sweep (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  resume_from timestamptz NOT NULL
);
INSERT INTO delivery_fanout_sweep (resume_from) VALUES ('-infinity');
GRANT SELECT, UPDATE ON delivery_fanout_sweep TO webhook_relay_delivery;

-- Events received in [mark, p_received_before) that are ready (checked, or nothing to check), not
-- duplicates, and whose endpoint has a subscription: the caller fans them out again (idempotent).
-- The mark moves to the oldest event still waiting for its check, or to p_received_before.
CREATE FUNCTION relay_events_to_fan_out(p_received_before timestamptz, p_limit int)
  RETURNS TABLE (tenant_id uuid, event_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  mark timestamptz;
  found_tenants uuid[];
  found_ids uuid[];
  newest timestamptz;
  waiting timestamptz;
  lower_id uuid;
  upper_id uuid;
BEGIN
  SELECT s.resume_from INTO mark FROM delivery_fanout_sweep s FOR UPDATE;
  lower_id := relay_uuid7_floor(mark);
  upper_id := relay_uuid7_floor(p_received_before);
  SELECT array_agg(d.tenant_id ORDER BY d.id), array_agg(d.id ORDER BY d.id), max(d.received_at)
    INTO found_tenants, found_ids, newest
    FROM (SELECT ev.tenant_id, ev.id, ev.received_at FROM events ev
           WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.duplicate_of IS NULL
             AND (NOT ev.to_verify OR EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id))
             AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.endpoint_id = ev.endpoint_id)
           ORDER BY ev.id LIMIT p_limit) d;
  SELECT min(ev.received_at) INTO waiting FROM events ev
   WHERE ev.id >= lower_id AND ev.id < upper_id AND ev.to_verify
     AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = ev.id);
  -- A full batch: resume after its newest event next time (events of one millisecond may straddle it,
  -- which only costs a repeated, idempotent fan-out).
  UPDATE delivery_fanout_sweep SET resume_from = greatest(mark, least(
    coalesce(waiting, 'infinity'),
    CASE WHEN cardinality(found_ids) >= p_limit THEN newest ELSE p_received_before END));
  RETURN QUERY SELECT * FROM unnest(found_tenants, found_ids);
END
$$;
ALTER FUNCTION relay_events_to_fan_out(timestamptz, int) OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_events_to_fan_out(timestamptz, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_events_to_fan_out(timestamptz, int) TO webhook_relay_app;

-- Enabled destinations of every tenant with how many deliveries wait: the workers start one BullMQ
-- worker per destination, and the reconciler compares the count with the jobs Redis holds.
CREATE FUNCTION relay_delivery_destinations()
  RETURNS TABLE (tenant_id uuid, destination_id uuid, pending bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT d.tenant_id, d.id,
         (SELECT count(*) FROM deliveries x WHERE x.destination_id = d.id AND x.state = 'pending')
    FROM destinations d WHERE d.enabled AND d.deleted_at IS NULL
$$;
ALTER FUNCTION relay_delivery_destinations() OWNER TO webhook_relay_delivery;
REVOKE ALL ON FUNCTION relay_delivery_destinations() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_delivery_destinations() TO webhook_relay_app;
