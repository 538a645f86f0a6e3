-- Every enabled destination (not deleted) of every tenant, with how many of its deliveries are pending:
-- the delivery workers run one BullMQ worker per destination, and the reconciler compares the count
-- with the jobs Redis holds. Across tenants, so SECURITY DEFINER, owned by webhook_relay_delivery;
-- ids and counts only.
-- Caller: src/db/functions/relay-delivery-destinations.ts (a long statement: LONG_STATEMENTS in src/db/prisma.ts).

CREATE OR REPLACE FUNCTION relay_delivery_destinations()
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
