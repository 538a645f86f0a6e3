import { Agent, request } from 'undici';
import type { EgressGuard } from './egress-guard.js';

export interface SendRequest {
  url: string;
  /** POST unless a transformation changed it. */
  method?: string;
  headers: Record<string, string>;
  body: Buffer;
  timeoutMs: number;
}

export interface SendResult {
  /** 2xx only; redirects are not followed, so a 3xx is a failure like any other. */
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  retryAfter: string | undefined;
  /** Why no answer came (absent when one did): what issues group it under (circuit-breaker.ts). */
  cause?: SendFailureCause;
  /** The receiver answered NO_RETRY_HEADER: it will never accept this message, so it is not retried. */
  noRetry?: boolean;
}

export type SendFailureCause = 'timeout' | 'refused' | 'tls' | 'egress' | 'network';

/** A receiver that will never accept a message answers with this header (any value but 0 or false): no retry. */
export const NO_RETRY_HEADER = 'x-relay-no-retry';

/** What delivery needs of a sender. */
export interface Sender {
  send(input: SendRequest): Promise<SendResult>;
}

/**
 * POSTs over one shared connection pool whose every connection passes the egress guard at connect
 * time (the resolved address is the one checked and the one used).
 */
export class HttpSender implements Sender {
  private readonly agent: Agent;

  constructor(
    private readonly guard: EgressGuard,
    private readonly excerptBytes: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    // undici follows no redirect unless a redirect interceptor is added: a 3xx comes back as it is.
    // No cap on connections per origin: a destination has one request in flight at most and the lanes bound
    // how many are in flight (DeliveryLanes), while a cap per origin would queue one tenant's requests behind
    // another tenant's slow ones to the same host.
    this.agent = new Agent({ connect: { lookup: guard.lookup as never }, connections: null, keepAliveTimeout: 10_000 });
  }

  async send(input: SendRequest): Promise<SendResult> {
    const started = this.clock();
    const elapsed = () => Math.round(this.clock() - started);
    // The whole exchange is bounded (connect, send, answer, excerpt), by one plain timer: AbortSignal.timeout
    // cost 2-5 us more per request in a microbenchmark, on a path that sends every delivery.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException(`timed out after ${input.timeoutMs} ms`, 'TimeoutError')), input.timeoutMs);
    try {
      this.guard.checkHost(new URL(input.url).hostname);
      const response = await request(input.url, {
        method: (input.method ?? 'POST') as 'POST',
        headers: { ...input.headers, 'content-length': String(input.body.length) },
        body: input.body,
        dispatcher: this.agent,
        headersTimeout: input.timeoutMs,
        bodyTimeout: input.timeoutMs,
        signal: abort.signal,
      });
      const excerpt = await readExcerpt(response.body, this.excerptBytes);
      const retryAfter = response.headers['retry-after'];
      const noRetry = response.headers[NO_RETRY_HEADER];
      return {
        ok: response.statusCode >= 200 && response.statusCode < 300,
        status: response.statusCode,
        durationMs: elapsed(),
        excerpt,
        error:
          response.statusCode >= 300 && response.statusCode < 400
            ? `redirect to ${String(response.headers.location ?? '(no location)')} not followed`
            : null,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        ...(response.statusCode >= 300 && noRetry !== undefined && !/^(0|false)$/i.test(String(noRetry).trim()) ? { noRetry: true } : {}),
      };
    } catch (error) {
      return {
        ok: false,
        status: null,
        durationMs: elapsed(),
        excerpt: null,
        error: describe(error, input.timeoutMs),
        retryAfter: undefined,
        cause: causeOf(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      if (size < limit) chunks.push(chunk.subarray(0, limit - size));
      size += chunk.length;
      // Enough kept: the rest of a long answer is not read.
      if (size >= limit) break;
    }
  } finally {
    body.destroy();
  }
  // PostgreSQL's text holds no NUL byte: kept as one, the round's record would fail and the delivery go again.
  return size === 0 ? null : Buffer.concat(chunks).toString('utf8').replaceAll('\u0000', '\uFFFD');
}

function describe(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT')
    return `timed out after ${timeoutMs} ms`;
  const cause = err.cause?.code === 'EGRESS_REFUSED' || err.code === 'EGRESS_REFUSED' ? (err.cause?.message ?? err.message) : undefined;
  if (cause) return cause;
  return [err.code ?? err.cause?.code, err.message].filter(Boolean).join(': ') || String(error);
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/;

function causeOf(error: unknown): SendFailureCause {
  const err = error as { name?: string; code?: string; cause?: { code?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  if (
    err.name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return 'timeout';
  if (code === 'EGRESS_REFUSED' || err.code === 'EGRESS_REFUSED') return 'egress';
  if (code === 'ECONNREFUSED') return 'refused';
  if (TLS_CODES.test(code)) return 'tls';
  return 'network';
}
