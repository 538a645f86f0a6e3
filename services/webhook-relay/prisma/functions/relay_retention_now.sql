-- The time a retention pass works at: the caller's clock (the service's, so tests can move it), but never further
-- ahead of the database's clock than retention_clock.max_lead_seconds (300: 5 minutes). A caller cannot make a pass
-- drop ranges, move a tenant's events or expire idempotency records early by passing a time in the future; a clock
-- behind only makes it later. SECURITY DEFINER, owned by the tables' owner: it reads retention_clock, which no
-- other role may read or change. Called from SQL only (relay_maintain_partitions, relay_retention_catch_up,
-- relay_purge_expired_idempotency_records).

CREATE OR REPLACE FUNCTION relay_retention_now(p_claimed timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT least(p_claimed, now() + make_interval(secs => (SELECT c.max_lead_seconds FROM retention_clock c))) $$;

REVOKE ALL ON FUNCTION relay_retention_now(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION relay_retention_now(timestamptz) TO webhook_relay_retention;
