-- Events no longer keep their ingest token in clear (issue 23, second defect). The path of an ingest
-- request is `/<token>[/rest]`, and the token is a live credential: it lives only sealed (and hashed)
-- in ingest_tokens. events.path now holds the rest after the token ('' or '/a/b'), events.ingest_token_id
-- which token it came in on (its hint masks the path in the API: `/whep_…9Ga4/a/b`; its sealed value
-- rebuilds the URL for providers that sign it). The ingest passes paths that way (capture-batcher.ts).

-- For a writer that still passes the path as called (a replica of the previous release during a
-- rolling deploy): the first segment is dropped when it is the very token the row came in on. Only
-- rows whose path starts with the token prefix pay for the check.
CREATE FUNCTION relay_event_path_without_token() RETURNS trigger
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
CREATE TRIGGER events_path_without_token BEFORE INSERT ON events
  FOR EACH ROW WHEN (starts_with(NEW.path, '/whep_')) EXECUTE FUNCTION relay_event_path_without_token();

-- Existing rows: the first segment is the token. Matched to ingest_tokens by hash (sha256 of the token
-- string, as hashIngestToken), it fills ingest_token_id; a segment that matches no token but has the
-- token prefix (a token whose row is gone) is dropped all the same.
--
-- Row-level security is forced on both tables, for their owner too: only a superuser (or a BYPASSRLS
-- role) sees every tenant's rows. Any other migration role (the schema owner) lifts FORCE for this
-- one statement's transaction, so the rewrite cannot silently update nothing; that holds both tables
-- exclusively while it runs.
DO $$
DECLARE
  bypasses boolean := (SELECT r.rolsuper OR r.rolbypassrls FROM pg_roles r WHERE r.rolname = current_user);
  rewritten bigint;
BEGIN
  IF NOT bypasses THEN
    ALTER TABLE events NO FORCE ROW LEVEL SECURITY;
    ALTER TABLE ingest_tokens NO FORCE ROW LEVEL SECURITY;
  END IF;

  UPDATE events e
     SET path = substr(e.path, length(s.segment) + 2),
         ingest_token_id = coalesce(e.ingest_token_id, t.id)
    FROM (SELECT ev.id, ev.endpoint_id, split_part(ev.path, '/', 2) AS segment FROM events ev WHERE starts_with(ev.path, '/')) s
    LEFT JOIN ingest_tokens t ON t.token_hash = sha256(convert_to(s.segment, 'UTF8')) AND t.endpoint_id = s.endpoint_id
   WHERE e.id = s.id AND (t.id IS NOT NULL OR starts_with(s.segment, 'whep_'));
  GET DIAGNOSTICS rewritten = ROW_COUNT;
  RAISE NOTICE 'events_without_ingest_token: % event paths rewritten', rewritten;

  IF NOT bypasses THEN
    ALTER TABLE events FORCE ROW LEVEL SECURITY;
    ALTER TABLE ingest_tokens FORCE ROW LEVEL SECURITY;
  END IF;
END
$$;
