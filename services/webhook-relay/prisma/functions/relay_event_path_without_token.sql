-- Trigger function of events_path_without_token (BEFORE INSERT ON events, for paths starting with
-- /whep_). A writer of an older release may pass the path as called, `/<token>[/rest]`: when its first
-- segment is the very token the row came in on (ingest_token_id), the segment is dropped, so no ingest
-- token is stored in clear.
-- Called from SQL only (the trigger).

CREATE OR REPLACE FUNCTION relay_event_path_without_token() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ingest_tokens t
              WHERE t.id = NEW.ingest_token_id AND t.token_hash = sha256(convert_to(split_part(NEW.path, '/', 2), 'UTF8'))) THEN
    NEW.path := substr(NEW.path, length(split_part(NEW.path, '/', 2)) + 2);
  END IF;
  RETURN NEW;
END
$$;
