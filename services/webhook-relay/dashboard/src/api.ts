// Every call the dashboard makes goes to this server's REST API (/v1, /auth), with the session cookie and,
// for anything that changes state, the session's CSRF token. The API is the single source: nothing here
// has powers the API does not give a key.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSignedOut: () => void = () => {};

export function useSession(csrf: string | null, signedOut: () => void): void {
  csrfToken = csrf;
  onSignedOut = signedOut;
}

/** A random Idempotency-Key (crypto.getRandomValues works outside secure contexts, unlike randomUUID). */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (method === 'POST') headers['idempotency-key'] = idempotencyKey();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'the relay did not answer: check your connection and try again');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (response.status === 401 && path.startsWith('/v1/')) onSignedOut();
    throw new ApiError(response.status, error?.code ?? 'error', error?.message ?? `the relay answered ${response.status}`);
  }
  return parsed as T;
}

export const get = <T>(path: string, query?: Query) => call<T>('GET', withQuery(path, query));
export const post = <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {});
export const patch = <T>(path: string, body: unknown) => call<T>('PATCH', path, body);
export const remove = (path: string) => call<void>('DELETE', path);

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
