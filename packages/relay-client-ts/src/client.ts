import { RelayApiError, RelayClientError, RelayConnectionError } from './errors.js';
import { type OperationRequest, type Page, RelayOperations, type RequestOptions } from './generated/operations.js';
import { redact, redactUrl } from './redact.js';
import { backoffMs, DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, type RetryPolicy } from './retry.js';
import { USER_AGENT } from './version.js';

export interface RelayClientOptions {
  /** The relay's API, e.g. `https://relay.example.com`. */
  baseUrl: string;
  /** An API key (`whk_…`), sent as a bearer token. */
  apiKey: string;
  /** Time limit of each attempt, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Retries of 429, 5xx and network errors (GET, and POST with its Idempotency-Key only). */
  retry?: Partial<RetryPolicy>;
  /** Appended to the user agent, e.g. `my-app/1.2`. */
  userAgent?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /** A number in [0, 1) for the retry jitter (Math.random by default). */
  random?: () => number;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The webhook-relay REST API: one typed method per operation (see RelayOperations). */
export class RelayClient extends RelayOperations {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #policy: RetryPolicy;
  readonly #userAgent: string;
  readonly #fetch: typeof fetch;
  readonly #random: () => number;

  constructor(options: RelayClientOptions) {
    super();
    if (!options.apiKey) throw new RelayClientError('an API key is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#userAgent = options.userAgent ? `${USER_AGENT} ${options.userAgent}` : USER_AGENT;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#random = options.random ?? Math.random;
  }

  override toString(): string {
    return `RelayClient(${redactUrl(this.baseUrl)})`;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: redactUrl(this.baseUrl) };
  }

  [INSPECT](): string {
    return this.toString();
  }

  protected override async send<Answer>(request: OperationRequest, options: RequestOptions = {}): Promise<Answer> {
    const url = new URL(`${this.baseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      accept: 'application/json',
      'user-agent': this.#userAgent,
      'x-client': this.#userAgent,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.method === 'POST' && request.idempotent) headers['idempotency-key'] = options.idempotencyKey ?? newKey();
    // Safe to repeat: a GET, or a POST the server deduplicates by its Idempotency-Key.
    const retryable = request.method === 'GET' || 'idempotency-key' in headers;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const started = Date.now();
    const where = `${request.method} ${redactUrl(`${url.origin}${url.pathname}`, this.#secrets())}`;

    for (let attempt = 1; ; attempt++) {
      const retriesLeft = retryable && attempt <= this.#policy.maxRetries;
      let response: Response;
      try {
        response = await this.#attempt(
          url,
          { method: request.method, headers, ...(body !== undefined ? { body } : {}) },
          timeoutMs,
          options.signal,
        );
      } catch (error) {
        if (options.signal?.aborted) throw new RelayConnectionError(`${where}: aborted by the caller`, attempt, false, 'aborted');
        const timedOut = error instanceof TimeoutError;
        const wait = backoffMs(this.#policy, attempt - 1, this.#random);
        if (retriesLeft && (await this.#pause(started, wait, options.signal))) continue;
        const detail = timedOut ? 'timeout' : this.#clean(describe(error));
        const why = timedOut ? `no answer within ${timeoutMs} ms` : `connection failed (${detail})`;
        throw new RelayConnectionError(`${where}: ${why} after ${attempt} attempt${attempt > 1 ? 's' : ''}`, attempt, timedOut, detail);
      }
      if (response.ok) {
        if (response.status === 204) return undefined as Answer;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as Answer;
      }
      const error = await this.#apiError(response, attempt);
      if (retriesLeft && isRetryableStatus(response.status)) {
        const wait = parseRetryAfter(response.headers.get('retry-after'), Date.now()) ?? backoffMs(this.#policy, attempt - 1, this.#random);
        if (await this.#pause(started, wait, options.signal)) continue;
      }
      throw error;
    }
  }

  protected override async *paginate<Item>(
    fetchPage: (cursor: string | undefined) => Promise<Page<Item>>,
  ): AsyncGenerator<Item, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  async #attempt(url: URL, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // The body is read inside the time limit too.
      const response = await this.#fetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      return new Response(response.status === 204 || response.status === 304 ? null : text, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      if (timedOut) throw new TimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Waits before another attempt; false when the wait would end past the total time allowed. */
  async #pause(started: number, waitMs: number, signal: AbortSignal | undefined): Promise<boolean> {
    if (Date.now() + waitMs - started > this.#policy.maxElapsedMs) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    return !signal?.aborted;
  }

  async #apiError(response: Response, attempts: number): Promise<RelayApiError> {
    const text = await response.text().catch(() => '');
    let code = `http_${response.status}`;
    let message = response.statusText || 'error';
    try {
      const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof parsed.error?.code === 'string') code = parsed.error.code;
      if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    } catch {
      // Not the API's error shape (a proxy's page): the status says enough.
    }
    return new RelayApiError(response.status, code, this.#clean(message), response.headers.get('x-request-id') ?? undefined, attempts);
  }

  #secrets(): string[] {
    return [this.#apiKey];
  }

  #clean(text: string): string {
    return redact(text, this.#secrets());
  }
}

class TimeoutError extends Error {}

/** A failed fetch, briefly: the system error code when there is one (ECONNREFUSED), else the message. */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause && typeof cause === 'object' && 'code' in cause) return String((cause as { code: unknown }).code);
    if (cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}

function newKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  let key = '';
  for (let i = 0; i < 32; i++) key += Math.floor(Math.random() * 16).toString(16);
  return key;
}
