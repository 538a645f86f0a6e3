-- Retention (docs/retention.md): a tenant whose plan changes is noted in retention_catch_up, so that
-- relay_retention_catch_up moves its events to the new plan's partitions and removes those the new plan's window no
-- longer holds. Runs as webhook_relay_retention: the application role cannot write there.

CREATE OR REPLACE FUNCTION relay_note_plan_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO retention_catch_up (tenant_id, requested_at) VALUES (NEW.id, now())
  ON CONFLICT (tenant_id) DO NOTHING;
  RETURN NULL;
END
$$;

ALTER FUNCTION relay_note_plan_change() OWNER TO webhook_relay_retention;
REVOKE ALL ON FUNCTION relay_note_plan_change() FROM PUBLIC;
