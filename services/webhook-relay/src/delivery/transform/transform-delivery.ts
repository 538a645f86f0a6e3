import { runInSandbox, type SandboxBody, type SandboxRequest } from './sandbox.js';

/** What a delivery sends once its destination's transformation ran. */
export interface TransformedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export type TransformOutcome =
  | { kind: 'send'; request: TransformedRequest; logs: string[]; durationMs: number }
  | { kind: 'dropped'; logs: string[]; durationMs: number }
  | { kind: 'failed'; error: string; logs: string[]; durationMs: number }
  /** The sandbox itself could not run it (its thread failed): no verdict on the code; try again later. */
  | { kind: 'unavailable'; error: string; logs: string[]; durationMs: number };

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'GET']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Set by the relay on every send (signature, framing, routing): a transformation may not set them.
const RESERVED_HEADER =
  /^(webhook-.*|x-relay-.*|user-agent|content-length|host|connection|transfer-encoding|keep-alive|upgrade|te|trailer|proxy-.*|expect)$/i;

/** The event's capture time: the first 48 bits of its UUIDv7 id, the clock a transformation sees. */
export function capturedAt(eventId: string): Date {
  return new Date(Number.parseInt(eventId.replace(/-/g, '').slice(0, 12), 16));
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /(^|\/|\+)json\b/i.test(contentType);
}

/**
 * The input a transformation receives: the request the relay would send, with its content type as the one header.
 * The destination's own headers are not shown to the code (they are stored encrypted and may hold credentials);
 * they are added to what it returns when the request is sent. A JSON body is parsed in the sandbox (a body that
 * does not parse reaches the function as text).
 */
export function transformInput(input: { url: string; contentType: string | null; body: Buffer }): SandboxRequest {
  const url = new URL(input.url);
  const headers: Record<string, string> = input.contentType === null ? {} : { 'content-type': input.contentType };
  return {
    method: 'POST',
    path: `${url.pathname}${url.search}`,
    headers,
    body: input.body,
    bodyIsJson: isJson(input.contentType),
  };
}

interface Returned {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: SandboxBody;
}

/** Checks what the function returned; a string says what is wrong with it. */
function validate(output: unknown, body: SandboxBody | null): Returned | string {
  if (typeof output !== 'object' || output === null || Array.isArray(output))
    return 'the function must return an object {method, path, headers, body} or null';
  const { method, path, headers } = output as Record<string, unknown>;
  if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) return `method must be one of ${[...METHODS].join(', ')}`;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path))
    return 'path must start with a single / and hold no spaces';
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return 'headers must be an object of strings';
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) return `header name ${JSON.stringify(name)} is not valid`;
    if (seen.has(name.toLowerCase())) return `header ${name} is set twice (names are case-insensitive)`;
    seen.add(name.toLowerCase());
    if (RESERVED_HEADER.test(name)) return `header ${name} is set by the relay and may not be set by a transformation`;
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) return `header ${name} must be a string without line breaks`;
  }
  if (body === null) return 'body is missing (use "" for an empty body)';
  return { method: method.toUpperCase(), path, headers: headers as Record<string, string>, body };
}

/**
 * Runs a transformation on a delivery (docs/transformations.md). The host stays the destination's: only the
 * path (and query) may change. A string body is sent as it is; anything else as JSON.
 */
export async function transformDelivery(
  code: string,
  input: { tenantId: string; url: string; contentType: string | null; body: Buffer; eventId: string },
): Promise<TransformOutcome> {
  const run = await runInSandbox(input.tenantId, code, transformInput(input), capturedAt(input.eventId));
  const { logs, durationMs } = run;
  if (!run.ok) return { kind: run.unavailable ? 'unavailable' : 'failed', error: run.error, logs, durationMs };
  if (run.output === null) return { kind: 'dropped', logs, durationMs };
  const output = validate(run.output, run.body);
  if (typeof output === 'string') return { kind: 'failed', error: output, logs, durationMs };
  const origin = new URL(input.url).origin;
  const url = new URL(`${origin}${output.path}`);
  if (url.origin !== origin) return { kind: 'failed', error: 'path must not change the destination host', logs, durationMs };
  const body = output.body.bytes;
  return { kind: 'send', request: { method: output.method, url: url.toString(), headers: output.headers, body }, logs, durationMs };
}
