-- Names and user names are compared in NFC from now on: the API normalizes every name it is given
-- (issue 23). Rows written before are normalized here, unless that would give a name another row
-- already has (two spellings of one name that the old code let in): such a row keeps its bytes, is
-- still listed, and can be renamed. Normalizing needs a UTF8 database; any other encoding is left as is.
DO $$
BEGIN
  IF current_setting('server_encoding') <> 'UTF8' THEN
    RAISE NOTICE 'server encoding is not UTF8: names are left as stored';
    RETURN;
  END IF;

  UPDATE configurations AS c
  SET name = normalize(c.name, NFC)
  WHERE c.name IS NOT NFC NORMALIZED
    AND char_length(normalize(c.name, NFC)) <= 255
    AND NOT EXISTS (
      SELECT 1 FROM configurations AS o
      WHERE o.id <> c.id
        AND normalize(o.name, NFC) = normalize(c.name, NFC)
        AND (o.name IS NFC NORMALIZED OR o.id < c.id)
    );

  UPDATE configurations
  SET username = normalize(username, NFC)
  WHERE username IS NOT NFC NORMALIZED AND char_length(normalize(username, NFC)) <= 255;

  UPDATE users AS u
  SET username = normalize(u.username, NFC)
  WHERE u.username IS NOT NFC NORMALIZED
    AND char_length(normalize(u.username, NFC)) <= 255
    AND NOT EXISTS (
      SELECT 1 FROM users AS o
      WHERE o.id <> u.id
        AND normalize(o.username, NFC) = normalize(u.username, NFC)
        AND (o.username IS NFC NORMALIZED OR o.id < u.id)
    );
END
$$;
