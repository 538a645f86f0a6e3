-- Trigger function of endpoints_verification_version (BEFORE UPDATE OF provider ON endpoints) and
-- provider_secrets_verification_version (AFTER INSERT OR UPDATE OR DELETE ON provider_secrets): a
-- change that can alter a signature check moves the endpoint's verification_version on, in the
-- transaction that makes it, so relay_record_checks refuses results checked with the settings before.
-- Called from SQL only (the triggers).

CREATE OR REPLACE FUNCTION relay_bump_verification_version() RETURNS trigger
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
