-- Records the verification results of one tenant's events in one statement, insert-only (the first
-- result recorded wins). Each result carries the endpoint's verification_version it was checked with;
-- a result whose endpoint has moved on since is not recorded, and its event id comes back for the
-- caller to check again with the current settings. A check goes to its event's partition (plan_id). Each check's
-- event and endpoint are looked up by primary key, one lookup per check (a LATERAL with LIMIT 1, as in
-- relay_delivery_heads): joined to the whole batch, on a partition not yet analyzed the planner read every event of
-- it per call (137,000 rows read to record 500 checks), so a verified event cost more the more events the day held.
-- The ids' range (not the id array) bounds each lookup for partition pruning: PostgreSQL 15 walks the index once per
-- element of an array condition, on every lookup (relay_delivery_heads says more).
-- SECURITY INVOKER: it sets the tenant transaction-locally first, so row-level security applies.
-- Caller: src/db/functions/relay-record-checks.ts.

CREATE OR REPLACE FUNCTION relay_record_checks(
  p_tenant uuid, p_checked_at timestamptz, p_ids uuid[], p_endpoints uuid[], p_versions int[], p_states text[],
  p_causes text[], p_details jsonb[], p_providers text[], p_matched uuid[], p_verified_at timestamptz[]
) RETURNS SETOF uuid
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  first_id uuid := (SELECT k.id FROM unnest(p_ids) AS k(id) ORDER BY k.id LIMIT 1);
  last_id uuid := (SELECT k.id FROM unnest(p_ids) AS k(id) ORDER BY k.id DESC LIMIT 1);
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH results AS (
    SELECT u.*, ep.version IS NOT DISTINCT FROM u.version AS current
      FROM unnest(p_ids, p_endpoints, p_versions, p_states, p_causes, p_details, p_providers, p_matched, p_verified_at)
             AS u(id, endpoint_id, version, state, cause, detail, provider, matched, verified_at)
      LEFT JOIN LATERAL (SELECT x.verification_version AS version FROM endpoints x WHERE x.id = u.endpoint_id LIMIT 1) ep ON true
  ), recorded AS (
    INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at, plan_id)
    SELECT r.id, p_tenant, r.state::verification_state, r.cause, r.detail, r.provider, r.matched, r.verified_at, p_checked_at, e.plan_id
      FROM results r
      CROSS JOIN LATERAL (SELECT x.plan_id FROM events x WHERE x.id = r.id AND x.id BETWEEN first_id AND last_id LIMIT 1) e
     WHERE r.current
    ON CONFLICT (event_id, plan_id) DO NOTHING
  )
  SELECT r.id FROM results r WHERE NOT r.current;
END
$$;

REVOKE ALL ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) TO webhook_relay_app;
