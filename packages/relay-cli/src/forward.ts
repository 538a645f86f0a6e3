import type { EventDetail } from '@workspace/contracts';
import { causeOf } from './api-client.js';
import type { Clock } from './io.js';
import type { ForwardOutcome } from './output.js';

// Hop-by-hop and framing headers belong to the original connection, not to the event; fetch sets its own.
const NOT_FORWARDED = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);
const BODYLESS = new Set(['GET', 'HEAD']);
export const FORWARD_TIMEOUT_MS = 30_000;

export function eventBody(event: EventDetail): Buffer {
  return Buffer.from(event.body.data, event.body.encoding === 'base64' ? 'base64' : 'utf8');
}

/**
 * The target with the captured request's query string after the target's own (a provider may put what the
 * receiver needs there: a token, an event name). The printed target stays the one given: the event's query
 * may carry secrets.
 */
export function withEventQuery(target: URL, query: string): URL {
  if (!query) return target;
  const url = new URL(target);
  url.search = url.search ? `${url.search.slice(1)}&${query}` : query;
  return url;
}

/**
 * Sends a captured request to a local server as it arrived: same method, headers (in order, less the
 * hop-by-hop ones), query string and body bytes. Redirects are not followed. Never throws: a refused connection is
 * an outcome to print, not a reason to stop listening.
 */
export async function forwardEvent(options: {
  event: EventDetail;
  target: URL;
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs?: number;
}): Promise<ForwardOutcome> {
  const { event, target, clock } = options;
  const headers = new Headers();
  for (const [name, value] of event.headers) {
    if (NOT_FORWARDED.has(name.toLowerCase())) continue;
    try {
      headers.append(name, value);
    } catch {
      // A header value fetch refuses (control characters): skip it rather than the whole event.
    }
  }
  const started = clock.now().getTime();
  const base = { eventId: event.id, method: event.method, target: target.toString() };
  try {
    const response = await options.fetch(withEventQuery(target, event.query), {
      method: event.method,
      headers,
      ...(BODYLESS.has(event.method.toUpperCase()) ? {} : { body: eventBody(event) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ...base, status: response.status, durationMs: clock.now().getTime() - started };
  } catch (error) {
    return { ...base, status: null, durationMs: clock.now().getTime() - started, error: causeOf(error) };
  }
}
