-- Verification without a transaction per batch: the verifier keeps each endpoint's provider and secrets
-- in memory, tagged with the endpoint's verification_version, and records results with one statement
-- that checks the version it used is still the endpoint's. Any change that can alter a check (the
-- provider, a secret added, revoked, expired early or removed) moves the version on, by trigger, in
-- the transaction that makes the change: no code path can forget it.

ALTER TABLE "endpoints" ADD COLUMN "verification_version" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION relay_bump_verification_version() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'endpoints' THEN
    NEW.verification_version := OLD.verification_version + 1;
    RETURN NEW;
  END IF;
  UPDATE endpoints SET verification_version = verification_version + 1
   WHERE id IN (SELECT x.endpoint_id FROM (VALUES (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.endpoint_id END),
                                                  (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.endpoint_id END)) AS x(endpoint_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER endpoints_verification_version BEFORE UPDATE OF provider ON endpoints
  FOR EACH ROW WHEN (OLD.provider IS DISTINCT FROM NEW.provider) EXECUTE FUNCTION relay_bump_verification_version();
CREATE TRIGGER provider_secrets_verification_version AFTER INSERT OR UPDATE OR DELETE ON provider_secrets
  FOR EACH ROW EXECUTE FUNCTION relay_bump_verification_version();

-- Records verification results of one tenant's events in one statement (its own transaction when
-- called outside one). Each result carries the endpoint and the verification_version of the settings
-- it was checked with; a result whose endpoint has moved on since is not recorded, and its event id is
-- returned so the caller checks it again with the current settings. A result already recorded stays
-- (insert-only: the first wins). Runs as the caller, under row-level security, for p_tenant only.
CREATE FUNCTION relay_record_checks(
  p_tenant uuid, p_checked_at timestamptz, p_ids uuid[], p_endpoints uuid[], p_versions int[], p_states text[],
  p_causes text[], p_details jsonb[], p_providers text[], p_matched uuid[], p_verified_at timestamptz[]
) RETURNS SETOF uuid
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
  WITH results AS (
    SELECT u.*, ep.verification_version IS NOT DISTINCT FROM u.version AS current
      FROM unnest(p_ids, p_endpoints, p_versions, p_states, p_causes, p_details, p_providers, p_matched, p_verified_at)
             AS u(id, endpoint_id, version, state, cause, detail, provider, matched, verified_at)
      LEFT JOIN endpoints ep ON ep.id = u.endpoint_id
  ), recorded AS (
    INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at)
    SELECT r.id, p_tenant, r.state::verification_state, r.cause, r.detail, r.provider, r.matched, r.verified_at, p_checked_at
      FROM results r WHERE r.current
    ON CONFLICT (event_id) DO NOTHING
  )
  SELECT r.id FROM results r WHERE NOT r.current;
END
$$;

REVOKE ALL ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_record_checks(uuid, timestamptz, uuid[], uuid[], int[], text[], text[], jsonb[], text[], uuid[], timestamptz[]) TO webhook_relay_app;
