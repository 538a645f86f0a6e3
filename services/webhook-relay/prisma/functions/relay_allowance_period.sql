-- The period a plan's allowance counts in at a given time: the calendar month (UTC) of a plan whose
-- allowance resets, 1970-01-01 (all time) otherwise. src/domain/tenants/read-usage.ts computes the
-- same period in TypeScript.
-- Called from SQL only (relay_capture_batch).

CREATE OR REPLACE FUNCTION relay_allowance_period(p_resets boolean, p_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN p_resets THEN date_trunc('month', p_at AT TIME ZONE 'UTC')::date ELSE DATE '1970-01-01' END $$;

GRANT EXECUTE ON FUNCTION relay_allowance_period(boolean, timestamptz) TO webhook_relay_app, webhook_relay_ingest, webhook_relay_admin;
