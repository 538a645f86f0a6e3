import { CliError, EXIT_USAGE } from './errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `--forward` targets: a full http(s) URL whose host is this machine (localhost, 127.0.0.1 or [::1]),
 * with an optional port and path. Anything else is refused: the CLI must never become a way to send
 * captured requests (with their credentials) to another host.
 */
export function parseLoopbackUrl(text: string): URL {
  const refuse = (why: string) =>
    new CliError(`refusing to forward to "${text}": ${why}; use a local URL such as http://localhost:3000/webhooks`, EXIT_USAGE);
  if (!/^https?:\/\//i.test(text)) throw refuse('it must be a full URL starting with http:// or https://');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('it is not a valid URL');
  }
  if (url.username || url.password) throw refuse('it must not carry a user name or password');
  if (!LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) throw refuse('the host must be localhost, 127.0.0.1 or [::1]');
  return url;
}
