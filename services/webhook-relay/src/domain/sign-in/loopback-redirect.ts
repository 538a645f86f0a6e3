import { RelayError } from '../relay-error.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The CLI's callback: plain http on this machine's loopback interface (RFC 8252 7.3), with a port.
 * Anything else is refused, so a sign-in link can never hand a new API key to another host.
 */
export function parseLoopbackRedirect(text: string | undefined): URL {
  const refuse = () => new RelayError('invalid_request', 'redirect_uri must be a loopback URL such as http://127.0.0.1:53682/callback');
  if (!text) throw refuse();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || !url.port || url.username || url.password || url.hash)
    throw refuse();
  return url;
}

/** The CLI's own random state, echoed back to it untouched. */
export function parseCliState(text: string | undefined): string {
  if (!text || !/^[A-Za-z0-9_-]{16,512}$/.test(text))
    throw new RelayError('invalid_request', 'state must be 16 to 512 characters of A-Z, a-z, 0-9, _ and -');
  return text;
}
