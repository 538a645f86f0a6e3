import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from '../logger.js';

export const REQUEST_ID_HEADER = 'x-request-id';
// A caller's id is kept only when it is short and plain, so it cannot inject into log lines.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage, newId: () => string = uuidv7): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : newId();
}

// One JSON line per request with its id; the id is echoed in `X-Request-Id`.
export function requestLogging(logger: Logger, options: { newId?: () => string; ignorePaths?: string[] } = {}) {
  const ignored = new Set(options.ignorePaths ?? ['/healthz', '/readyz']);
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req, options.newId);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => ignored.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
