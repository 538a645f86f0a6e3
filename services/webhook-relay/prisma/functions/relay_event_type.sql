-- The provider's event type of a request, for subscriptions that filter on it: the first of the common
-- type headers, else a string `type`, `event_type` or `event` member of a JSON object body (up to
-- 1 MiB); NULL when there is none.
-- Called from SQL only (relay_fan_out).

CREATE OR REPLACE FUNCTION relay_event_type(p_headers json, p_body bytea) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  found text;
  doc jsonb;
BEGIN
  SELECT h->>1 INTO found FROM json_array_elements(p_headers) AS h
   WHERE lower(h->>0) IN ('x-github-event', 'x-gitlab-event', 'x-shopify-topic', 'x-event-type', 'x-webhook-event')
   LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  IF octet_length(p_body) = 0 OR octet_length(p_body) > 1048576 THEN
    RETURN NULL;
  END IF;
  BEGIN
    doc := convert_from(p_body, 'UTF8')::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RETURN NULL;
  END;
  IF jsonb_typeof(doc) <> 'object' THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(
    CASE WHEN jsonb_typeof(doc->'type') = 'string' THEN doc->>'type' END,
    CASE WHEN jsonb_typeof(doc->'event_type') = 'string' THEN doc->>'event_type' END,
    CASE WHEN jsonb_typeof(doc->'event') = 'string' THEN doc->>'event' END);
END
$$;

GRANT EXECUTE ON FUNCTION relay_event_type(json, bytea) TO webhook_relay_app;
