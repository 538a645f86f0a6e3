/** What a subscription filter reads (docs/filters.md). */
export interface FilterDocument {
  /** The parsed JSON body; absent when the body is not JSON (the filter then sees headers and metadata only). */
  body?: unknown;
  /** Lower-cased header names; the first value of a repeated header. */
  headers: Record<string, string>;
  /** Query string parameters; the first value of a repeated one. */
  query: Record<string, string>;
  provider: string | null;
  state: string;
  event_type: string | null;
}

export interface FilterDocumentInput {
  /** Header [name, value] pairs as captured. */
  headers: unknown;
  body: Uint8Array | null;
  query: string;
  provider: string | null;
  state: string;
  eventType: string | null;
}

// The same bound as the event type read from bodies (relay_event_type): a larger body is not parsed.
export const FILTER_BODY_MAX_BYTES = 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The event as a filter sees it, and why its body was left out when it was. */
export function buildFilterDocument(input: FilterDocumentInput): { document: FilterDocument; reason?: string } {
  const headers: Record<string, string> = Object.create(null);
  if (Array.isArray(input.headers))
    for (const pair of input.headers) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') continue;
      const name = pair[0].toLowerCase();
      if (!(name in headers)) headers[name] = String(pair[1] ?? '');
    }
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(input.query)) if (!(name in query)) query[name] = value;
  const document: FilterDocument = {
    headers,
    query,
    provider: input.provider,
    state: input.state,
    event_type: input.eventType,
  };
  const parsed = parseBody(input.body);
  if ('body' in parsed) document.body = parsed.body;
  return parsed.reason ? { document, reason: parsed.reason } : { document };
}

function parseBody(body: Uint8Array | null): { body?: unknown; reason?: string } {
  if (!body || body.length === 0) return { reason: 'empty body' };
  if (body.length > FILTER_BODY_MAX_BYTES) return { reason: 'body larger than 1 MiB: not read' };
  try {
    return { body: JSON.parse(decoder.decode(body)) };
  } catch {
    return { reason: 'body is not JSON: headers and metadata only' };
  }
}
