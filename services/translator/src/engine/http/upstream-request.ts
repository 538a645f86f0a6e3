// One HTTP call to an upstream translation API, with a timeout that covers the whole exchange (body
// included), the caller's abort, the engine's close, and every failure turned into an EngineError:
//   caller aborted -> ABORTED; engine closed -> CLOSED;
//   network failure, timeout, 429, 5xx, anything unexpected -> UNAVAILABLE (503: clients retry);
//   401/403 -> UNAVAILABLE (the operator's key is wrong, never the caller's problem);
//   a status in `rejectedStatuses` -> UPSTREAM_REJECTED with the upstream's own message.
// Secrets (`redact`) never appear in a message.
import { EngineError } from '../engine-error.js';

export interface UpstreamRequest {
  fetch: typeof fetch;
  /** Full URL of the call. */
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The caller's signal: its abort ends the call with ABORTED. */
  signal?: AbortSignal;
  /** The engine's lifetime: its abort ends the call with CLOSED. */
  closed?: AbortSignal;
  /** 4xx statuses whose message is the caller's concern (bad request, quota). */
  rejectedStatuses: ReadonlySet<number>;
  /** Names the upstream in messages, e.g. "the DeepL upstream". */
  upstream: string;
  /** Strings to blank out of any message (the upstream key). */
  redact?: readonly string[];
}

type Ending = 'aborted' | 'closed' | 'timeout';

/** Resolves with the parsed JSON body of a 2xx answer (undefined when the body is empty). */
export async function upstreamJson(request: UpstreamRequest): Promise<unknown> {
  const controller = new AbortController();
  let ending: Ending | undefined;
  const end = (why: Ending) => {
    ending ??= why;
    controller.abort();
  };
  const onAbort = () => end('aborted');
  const onClose = () => end('closed');
  if (request.closed?.aborted) throw new EngineError('CLOSED', 'the translation engine is closed');
  if (request.signal?.aborted) throw new EngineError('ABORTED', 'the request was aborted');
  request.signal?.addEventListener('abort', onAbort, { once: true });
  request.closed?.addEventListener('abort', onClose, { once: true });
  const timer = setTimeout(() => end('timeout'), request.timeoutMs);
  try {
    const response = await request.fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok) throw statusError(request, response.status, text);
    return text === '' ? undefined : parseJson(request, text);
  } catch (error) {
    if (ending === 'aborted') throw new EngineError('ABORTED', 'the request was aborted');
    if (ending === 'closed') throw new EngineError('CLOSED', 'the translation engine is closed');
    if (ending === 'timeout') throw new EngineError('UNAVAILABLE', `${request.upstream} did not answer within ${request.timeoutMs} ms`);
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      'UNAVAILABLE',
      clean(request, `could not reach ${request.upstream} at ${origin(request.url)}: ${describe(error)}`),
    );
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
    request.closed?.removeEventListener('abort', onClose);
  }
}

function statusError(request: UpstreamRequest, status: number, body: string): EngineError {
  const message = clean(request, upstreamMessage(body) ?? `HTTP ${status}`);
  if (status === 401 || status === 403) {
    return new EngineError(
      'UNAVAILABLE',
      `the upstream rejected the configured key (${request.upstream} answered HTTP ${status}); check TRANSLATOR_UPSTREAM_KEY`,
    );
  }
  if (request.rejectedStatuses.has(status)) return new EngineError('UPSTREAM_REJECTED', message, undefined, status);
  return new EngineError('UNAVAILABLE', `${request.upstream} answered HTTP ${status}: ${message}`);
}

function parseJson(request: UpstreamRequest, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new EngineError('UNAVAILABLE', `${request.upstream} answered with a body that is not JSON`);
  }
}

/** DeepL answers `{message, detail?}`, LibreTranslate `{error}`; anything else is shown as text. */
function upstreamMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown; detail?: unknown };
    const main = typeof parsed.message === 'string' ? parsed.message : typeof parsed.error === 'string' ? parsed.error : undefined;
    if (main === undefined) return undefined;
    return typeof parsed.detail === 'string' && parsed.detail !== '' ? `${main} (${parsed.detail})` : main;
  } catch {
    const text = body.trim();
    return text === '' ? undefined : text.slice(0, 300);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** Scheme, host and port only: no credentials or query a configured URL might carry. */
function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured URL';
  }
}

function clean(request: UpstreamRequest, message: string): string {
  return (request.redact ?? []).filter((secret) => secret !== '').reduce((text, secret) => text.split(secret).join('***'), message);
}

/** `url` without trailing slashes, so paths can be appended. */
export function baseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
