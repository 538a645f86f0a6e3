import type { CapturedRequestView } from './types.js';

/** The first value of a header, by case-insensitive name. */
export function headerValue(request: CapturedRequestView, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return request.headers.find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** `application/x-www-form-urlencoded` fields, sorted by name, each name followed by its value. */
export function sortedFormFields(body: Buffer): string {
  const fields = [...new URLSearchParams(body.toString('utf8'))];
  fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return fields.map(([name, value]) => `${name}${value}`).join('');
}

/** A query parameter of the URL the provider called. */
export function queryParam(request: CapturedRequestView, name: string): string | undefined {
  try {
    return new URL(request.url).searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * A value inside a JSON body by dotted path (`signature.token`, `value.0.clientState`): strings as
 * they are, numbers and booleans as their JSON text; undefined when the body is not JSON or the path
 * leads nowhere or to an object.
 */
export function jsonField(body: Buffer, path: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return undefined;
}
