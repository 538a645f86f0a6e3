import { hash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isDependencyUnavailable, keepIdleConnectionsOpen, type Logger } from '@workspace/service-kit';
import { hashIngestToken, INGEST_TOKEN_PREFIX } from '../domain/endpoints/ingest-token.js';
import { RelayError } from '../domain/relay-error.js';
import type { Runtime } from '../domain/runtime.js';
import type { IngestOutcome, RelayMetrics } from '../metrics/relay-metrics.js';
import type { CaptureCheck } from '../db/functions/relay-capture-batch.js';
import type { CaptureBatcher, CaptureRefusal } from './capture-batcher.js';
import type { RequestToCheck } from './check-before-capture.js';
import { dedupKey } from './dedup-key.js';
import { eventTypeOf } from './event-type.js';
import { answerHandshake, findHandshake, needsSecret } from './handshake.js';
import { BodyTooLarge, declaredLength, discardBody, readBody } from './read-body.js';
import type { TokenResolver } from './token-resolver.js';

export interface IngestDeps {
  resolver: TokenResolver;
  batcher: CaptureBatcher;
  runtime: Runtime;
  logger: Logger;
  maxBodyBytes: number;
  /** The endpoint's newest active secret, for handshakes that prove knowledge of it (Zoom, X). */
  handshakeSecret?: (tenantId: string, endpointId: string) => Promise<string | null>;
  /** The request's signature check, when it can be made without waiting (src/ingest/check-before-capture.ts). */
  checkBeforeCapture?: (tenantId: string, endpointId: string, request: RequestToCheck) => CaptureCheck | null;
  /** Requests by outcome and their durations (absent: not counted). */
  metrics?: RelayMetrics;
}

const TOKEN_PATTERN = new RegExp(`^${INGEST_TOKEN_PREFIX}[A-Za-z0-9_-]{16,128}$`);
// How much of a refused body is read and thrown away (a multiple of the limit) before the connection is cut.
const DISCARD_FACTOR = 16;
const UNKNOWN = 'no endpoint has this ingest URL';
// Told to the sender (a provider), so about the endpoint's state only: nothing of the account's plan or usage.
const REFUSALS: Record<CaptureRefusal, string> = {
  allowance: "capture is paused for this endpoint: its account has used its plan's event allowance; the request was not stored",
  paused: 'capture is paused for this endpoint by its operator; the request was not stored',
};

/**
 * The ingest listener: `{ingest_url}/<token>` with any method, content type and body. Plain
 * node:http (no framework, no cookies, no CORS headers): the request is stored, committed, and
 * only then answered 200.
 */
export function createIngestServer(deps: IngestDeps): Server {
  const { metrics } = deps;
  // Senders that keep connections alive find them open between webhooks (keep-alive.ts in service-kit says why).
  return keepIdleConnectionsOpen(
    createServer((req, res) => {
      const started = performance.now();
      const count = (outcome: IngestOutcome) => {
        if (!metrics) return;
        metrics.ingestRequests.inc({ outcome });
        metrics.ingestDuration.observe({ outcome }, (performance.now() - started) / 1000);
      };
      handle(deps, req, res).then(count, (error: unknown) => {
        if (error instanceof BodyTooLarge) {
          discardBody(req, deps.maxBodyBytes * DISCARD_FACTOR);
          count('too_large');
          return answer(res, 413, {
            error: { code: 'payload_too_large', message: `request body is larger than the limit of ${deps.maxBodyBytes} bytes` },
          });
        }
        if (isDependencyUnavailable(error) || (error instanceof RelayError && error.code === 'unavailable')) {
          deps.logger.warn({ err: error }, 'ingest could not store a request');
          count('unavailable');
          res.setHeader('Retry-After', '5');
          return answer(res, 503, { error: { code: 'unavailable', message: 'the request was not stored; retry shortly' } });
        }
        deps.logger.error({ err: error }, 'ingest failed');
        count('error');
        answer(res, 500, { error: { code: 'internal', message: 'the request was not stored' } });
      });
    }),
  );
}

async function handle(deps: IngestDeps, req: IncomingMessage, res: ServerResponse): Promise<IngestOutcome> {
  const receivedAt = deps.runtime.now();
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const path = queryAt >= 0 ? target.slice(0, queryAt) : target;
  const token = path.split('/')[1] ?? '';
  if (!TOKEN_PATTERN.test(token)) {
    discardBody(req, deps.maxBodyBytes * DISCARD_FACTOR);
    answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } });
    return 'unknown_token';
  }

  const tokenHash = hashIngestToken(token);
  // Headers as received: in order, repeated ones kept, names as the sender spelled them.
  const headers = pairs(req.rawHeaders);
  const [endpoint, body] = await Promise.all([deps.resolver.resolve(tokenHash), readBody(req, deps.maxBodyBytes, declaredLength(headers))]);
  if (!endpoint) {
    answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } });
    return 'unknown_token';
  }

  const bodySha256 = hash('sha256', body, 'buffer');
  const method = req.method ?? 'POST';
  const query = queryAt >= 0 ? target.slice(queryAt + 1) : '';
  const { provider } = endpoint.dedup;
  const outcome = await deps.batcher.capture({
    tokenHash,
    id: deps.runtime.newIdAt(receivedAt),
    receivedAt,
    method,
    path,
    query,
    headers,
    check: provider
      ? (deps.checkBeforeCapture?.(endpoint.tenantId, endpoint.endpointId, { method, path, query, headers, body }) ?? null)
      : null,
    body,
    bodySha256,
    sourceAddress: req.socket.remoteAddress ?? null,
    dedupKey: dedupKey(endpoint.dedup, { method, headers, body, bodySha256, receivedAt }),
    eventType: eventTypeOf(endpoint.dedup.provider, headers, body),
  });
  // The token was rotated or its endpoint deleted between the lookup and the commit.
  if (!outcome) {
    answer(res, 404, { error: { code: 'not_found', message: UNKNOWN } });
    return 'unknown_token';
  }
  if ('refused' in outcome) {
    answer(res, 429, { error: { code: 'capture_paused', message: REFUSALS[outcome.refused] } });
    return outcome.refused === 'paused' ? 'paused' : 'allowance_spent';
  }
  const captured: IngestOutcome = outcome.duplicateOf ? 'duplicate' : 'captured';
  const captureAnswer = { event_id: outcome.eventId, duplicate_of: outcome.duplicateOf };
  // A setup handshake (Slack, Meta, Zoom, ...) is stored like any request, then answered as its provider expects.
  const handshake = findHandshake(endpoint.dedup.provider, { method, url: target, headers, body });
  if (handshake) {
    const secret = needsSecret(handshake.handshake) ? await handshakeSecret(deps, endpoint.tenantId, endpoint.endpointId) : null;
    const reply = answerHandshake(handshake.handshake, handshake.challenge, JSON.stringify(captureAnswer), secret);
    if (reply) {
      send(res, 200, reply.contentType, reply.body, reply.headers);
      return captured;
    }
  }
  answer(res, 200, captureAnswer);
  return captured;
}

// The request is already committed: a secret that cannot be read leaves the handshake unanswered, never the capture.
async function handshakeSecret(deps: IngestDeps, tenantId: string, endpointId: string): Promise<string | null> {
  try {
    return (await deps.handshakeSecret?.(tenantId, endpointId)) ?? null;
  } catch (error) {
    deps.logger.warn({ err: error, endpointId }, 'could not read the secret a handshake needs');
    return null;
  }
}

function pairs(raw: string[]): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) result.push([raw[i]!, raw[i + 1]!]);
  return result;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json', JSON.stringify(body), []);
}

function send(res: ServerResponse, status: number, contentType: string, text: string, extra: Array<[string, string]>): void {
  if (res.headersSent) return;
  // A flat list: node:http takes it without walking an object on every answer.
  const headers = [
    'Content-Type',
    contentType,
    'Content-Length',
    String(Buffer.byteLength(text)),
    'Cache-Control',
    'no-store',
    'X-Content-Type-Options',
    'nosniff',
  ];
  for (const [name, value] of extra) headers.push(name, value);
  res.writeHead(status, headers);
  res.end(text);
}
