import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import { routeTemplate } from '../metrics/http-metrics.js';

export const REQUEST_ID_HEADER = 'x-request-id';
// A caller's id is kept only when it is short and plain, so it cannot inject into log lines.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage, newId: () => string = randomUUID): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : newId();
}

declare module 'http' {
  interface IncomingMessage {
    id?: string;
  }
}

// One JSON line per finished request with its id, echoed in `X-Request-Id`; `req.id` carries the id
// to anything else logged for the request. Deliberately lean: pino-http, or even a per-request child
// logger or accessor on `req`, cost a fifth of a simple read's throughput (bench/config-store).
export function requestLogging(logger: Logger, options: { newId?: () => string; ignorePaths?: string[] } = {}): RequestHandler {
  // Probes and Prometheus' scrapes would be most of the lines and say nothing.
  const ignored = new Set(options.ignorePaths ?? ['/healthz', '/readyz', '/metrics']);
  // The access line holds only the id, method, route template, URL, status and duration, never a header or a body,
  // so it skips the redaction pass every other line gets (a tenth of a simple request's cost).
  const accessLog = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const id = requestIdFor(req, options.newId);
    const started = performance.now();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!ignored.has(req.path)) {
      res.on('finish', () => {
        const status = res.statusCode;
        const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
        accessLog[level](
          {
            reqId: id,
            method: req.method,
            route: routeTemplate(req),
            url: req.originalUrl,
            status,
            ms: Math.round(performance.now() - started),
          },
          'request completed',
        );
      });
    }
    next();
  };
}
