import { parse } from 'cookie';
import { unsign } from 'cookie-signature';

// Reads the session id out of the cookie express-session sets: `s:<id>.<signature>`, signed with the
// first secret and accepted with any of them (rotation). Same parser and signer express-session uses,
// so both always agree on which cookies are valid.
export function sessionIdFromCookie(header: string | undefined, name: string, secrets: readonly string[]): string | undefined {
  if (!header) return undefined;
  const raw = parse(header)[name];
  if (!raw?.startsWith('s:')) return undefined;
  const signed = raw.slice(2);
  for (const secret of secrets) {
    const id = unsign(signed, secret);
    if (id !== false) return id;
  }
  return undefined;
}
