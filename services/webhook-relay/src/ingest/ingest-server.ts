import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isDependencyUnavailable, type Logger } from '@workspace/service-kit';
import { hashIngestToken, INGEST_TOKEN_PREFIX } from '../domain/endpoints/ingest-token.js';
import { RelayError } from '../domain/relay-error.js';
import type { Runtime } from '../domain/runtime.js';
import type { CaptureBatcher, CaptureRefusal } from './capture-batcher.js';
import { dedupKey } from './dedup-key.js';
import { BodyTooLarge, readBody } from './read-body.js';
import type { TokenResolver } from './token-resolver.js';

export interface IngestDeps {
  resolver: TokenResolver;
  batcher: CaptureBatcher;
  runtime: Runtime;
  logger: Logger;
  maxBodyBytes: number;
}

const TOKEN_PATTERN = new RegExp(`^${INGEST_TOKEN_PREFIX}[A-Za-z0-9_-]{16,128}$`);
const UNKNOWN = 'no endpoint has this ingest URL';
// Told to the sender (a provider), so about the endpoint's state only: nothing of the account's plan or usage.
const REFUSALS: Record<CaptureRefusal, string> = {
  allowance: 'capture is paused for this endpoint: its account has used its plan\'s event allowance; the request was not stored',
  paused: 'capture is paused for this endpoint by its operator; the request was not stored',
};

/**
 * The ingest listener: `{ingest_url}/<token>` with any method, content type and body. Plain
 * node:http (no framework, no cookies, no CORS headers): the request is stored, committed, and
 * only then answered 200.
 */
export function createIngestServer(deps: IngestDeps): Server {
  return createServer((req, res) => {
    handle(deps, req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) return answer(res, 413, { error: { code: 'payload_too_large', message: `request body is larger than the limit of ${deps.maxBodyBytes} bytes` } }, true);
      if (isDependencyUnavailable(error) || (error instanceof RelayError && error.code === 'unavailable')) {
        deps.logger.warn({ err: error }, 'ingest could not store a request');
        res.setHeader('Retry-After', '5');
        return answer(res, 503, { error: { code: 'unavailable', message: 'the request was not stored; retry shortly' } });
      }
      deps.logger.error({ err: error }, 'ingest failed');
      answer(res, 500, { error: { code: 'internal', message: 'the request was not stored' } });
    });
  });
}

async function handle(deps: IngestDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = deps.runtime.now();
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const path = queryAt >= 0 ? target.slice(0, queryAt) : target;
  const token = path.split('/')[1] ?? '';
  if (!TOKEN_PATTERN.test(token)) return drainThen(req, () => answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } }));

  const tokenHash = hashIngestToken(token);
  const [endpoint, body] = await Promise.all([deps.resolver.resolve(tokenHash), readBody(req, deps.maxBodyBytes)]);
  if (!endpoint) return answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } });

  const headers = pairs(req.rawHeaders);
  const bodySha256 = createHash('sha256').update(body).digest();
  const method = req.method ?? 'POST';
  const outcome = await deps.batcher.capture({
    tokenHash,
    id: deps.runtime.newIdAt(receivedAt),
    receivedAt,
    method,
    path,
    query: queryAt >= 0 ? target.slice(queryAt + 1) : '',
    headers,
    body,
    bodySha256,
    sourceAddress: req.socket.remoteAddress ?? null,
    dedupKey: dedupKey(endpoint.dedup, { method, headers, body, bodySha256, receivedAt }),
  });
  // The token was rotated or its endpoint deleted between the lookup and the commit.
  if (!outcome) return answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } });
  if ('refused' in outcome) return answer(res, 429, { error: { code: 'capture_paused', message: REFUSALS[outcome.refused] } });
  answer(res, 200, { event_id: outcome.eventId, duplicate_of: outcome.duplicateOf });
}

function pairs(raw: string[]): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) result.push([raw[i]!, raw[i + 1]!]);
  return result;
}

function drainThen(req: IncomingMessage, then: () => void): void {
  req.resume();
  then();
}

function answer(res: ServerResponse, status: number, body: unknown, close = false): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  // A flat list: node:http takes it without walking an object on every answer.
  const headers = ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text)), 'Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff'];
  if (close) headers.push('Connection', 'close');
  res.writeHead(status, headers);
  res.end(text);
}
