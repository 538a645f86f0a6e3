import { findProvider } from '../verification/registry.js';
import type { EventTypeSource } from '../verification/types.js';

// The generic rule, as relay_event_type (prisma/functions/relay_event_type.sql) applies it in the fan-out:
// the first of these headers, else a string `type`, `event_type` or `event` member of a JSON object body.
const COMMON_HEADERS = new Set(['x-github-event', 'x-gitlab-event', 'x-shopify-topic', 'x-event-type', 'x-webhook-event']);
const COMMON_FIELDS = ['type', 'event_type', 'event'];
const MAX_BODY_BYTES = 1_048_576;
/** Longer values are not an event type a sender chose: stored as none. */
export const MAX_EVENT_TYPE_LENGTH = 200;
/** Nor is a value holding a NUL (a JSON string may, as \u0000): PostgreSQL's text cannot store one, and the capture would fail. */
const NUL = '\u0000';

/**
 * The event type of a captured request (docs/event-types.md): where the endpoint's provider puts it (the
 * registry's `eventType`), else the generic rule. Null when the request carries none. The body is parsed
 * only when the type lives there and no header gave one.
 */
export function eventTypeOf(provider: string | null, headers: ReadonlyArray<readonly [string, string]>, body: Buffer): string | null {
  const source = provider ? findProvider(provider)?.eventType : undefined;
  const found = source ? fromSource(source, headers, body) : generic(headers, body);
  return found && found.length <= MAX_EVENT_TYPE_LENGTH && !found.includes(NUL) ? found : null;
}

function fromSource(source: EventTypeSource, headers: ReadonlyArray<readonly [string, string]>, body: Buffer): string | null {
  if ('header' in source) return headerValue(headers, (name) => name === source.header);
  const value = pathValue(jsonObject(body), source.jsonField.split('.'));
  return typeof value === 'string' && value !== '' ? value : null;
}

function generic(headers: ReadonlyArray<readonly [string, string]>, body: Buffer): string | null {
  const fromHeader = headerValue(headers, (name) => COMMON_HEADERS.has(name));
  if (fromHeader !== null) return fromHeader;
  const doc = jsonObject(body);
  for (const field of COMMON_FIELDS) {
    const value = doc?.[field];
    if (typeof value === 'string') return value;
  }
  return null;
}

function headerValue(headers: ReadonlyArray<readonly [string, string]>, matches: (lowerName: string) => boolean): string | null {
  for (const [name, value] of headers) if (matches(name.toLowerCase())) return value;
  return null;
}

function jsonObject(body: Buffer): Record<string, unknown> | null {
  // Cheap refusals first: only a JSON object can hold a type, and its first byte says so.
  if (body.length === 0 || body.length > MAX_BODY_BYTES) return null;
  const first = body.toString('latin1', 0, Math.min(body.length, 64)).trimStart()[0];
  if (first !== '{') return null;
  try {
    const doc: unknown = JSON.parse(body.toString('utf8'));
    return doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function pathValue(doc: Record<string, unknown> | null, path: string[]): unknown {
  let value: unknown = doc;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
