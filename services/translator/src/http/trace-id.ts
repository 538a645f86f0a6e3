import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/** DeepL's trace id shape: 32 lower-case hex digits. Also the request id in our logs. */
export const newTraceId = (): string => randomUUID().replaceAll('-', '');

/** Every response carries `X-Trace-ID` (the request id requestLogging assigned). */
export const traceIdHeader: RequestHandler = (req, res, next) => {
  res.setHeader('X-Trace-ID', req.id ?? newTraceId());
  next();
};
