// Secrets of webhook-relay carry a type prefix: API keys whk_, signing secrets whsec_, ingest tokens whep_.
const PREFIXED_SECRET = /\b(whk|whsec|whep)_[A-Za-z0-9+/=_-]+/g;
const BEARER = /\b(Bearer\s+)\S+/gi;

/** The text without any secret: prefixed secrets keep only their prefix, the given literals vanish. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(PREFIXED_SECRET, '$1_…').replace(BEARER, '$1[redacted]');
}

/** A URL fit for messages: no user info, tokens in the path masked. */
export function redactUrl(url: string | URL, secrets: readonly string[] = []): string {
  try {
    const parsed = new URL(String(url));
    parsed.username = '';
    parsed.password = '';
    return redact(parsed.toString(), secrets);
  } catch {
    return redact(String(url), secrets);
  }
}
