-- The operator's view of the installation (/admin/tenants): every tenant, or one (p_only), with its plan,
-- the events it captured in its plan's current period at p_at, and its API keys not revoked; keyset pages
-- by id (p_after). Across tenants, so SECURITY DEFINER, owned by the NOLOGIN role webhook_relay_admin,
-- which may read tenants, their usage and their keys' state, and nothing else.
-- Caller: src/db/functions/relay-admin-tenants.ts.

CREATE OR REPLACE FUNCTION relay_admin_tenants(p_at timestamptz, p_after uuid, p_limit int, p_only uuid)
  RETURNS TABLE (id uuid, name varchar, plan_id varchar, capture_paused boolean, created_at timestamptz,
                 deleted_at timestamptz, events_captured bigint, active_api_keys bigint)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT t.id, t.name, t.plan_id, t.capture_paused, t.created_at, t.deleted_at,
         COALESCE((SELECT sum(u.events_captured) FROM tenant_usage u
                    WHERE u.tenant_id = t.id AND u.period_start = relay_allowance_period(p.allowance_resets, p_at)), 0)::bigint,
         (SELECT count(*) FROM api_keys k WHERE k.tenant_id = t.id AND k.revoked_at IS NULL)
    FROM tenants t
    JOIN plans p ON p.id = t.plan_id
   WHERE (p_only IS NULL OR t.id = p_only) AND (p_after IS NULL OR t.id > p_after)
   ORDER BY t.id
   LIMIT p_limit
$$;

ALTER FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) OWNER TO webhook_relay_admin;
REVOKE ALL ON FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_admin_tenants(timestamptz, uuid, int, uuid) TO webhook_relay_app;
