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
