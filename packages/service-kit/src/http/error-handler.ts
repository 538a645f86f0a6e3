import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { isDependencyUnavailable } from './dependency-unavailable.js';
import { HttpProblem } from './http-problem.js';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export interface ErrorHandlerOptions {
  // The service's own mapping: its AppError codes to a status and body. Undefined = not ours.
  mapError: (error: unknown) => HttpAnswer | undefined;
  // How this service writes a problem its mapping did not cover (framework and body errors).
  renderProblem: (status: number, message: string) => unknown;
  logger?: Logger;
}

interface FrameworkError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  limit?: number;
  message: string;
}

// The one place an error becomes HTTP. Bad input is always a 4xx with a message;
// anything unexpected is a 500 that never carries a stack trace.
export function errorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const answer = options.mapError(error) ?? frameworkAnswer(error, options.renderProblem);
    if (answer) {
      res.status(answer.status);
      return typeof answer.body === 'string' ? res.type('text/plain').send(answer.body) : res.json(answer.body);
    }
    if (isDependencyUnavailable(error)) {
      options.logger?.warn({ err: error, reqId: req.id }, 'a dependency is unavailable');
      res.setHeader('Retry-After', '5');
      return res.status(503).json(options.renderProblem(503, 'temporarily unavailable: a database or cache did not answer; retry shortly'));
    }
    options.logger?.error({ err: error, reqId: req.id }, 'unhandled error');
    res.status(500).json(options.renderProblem(500, 'internal error; the request id in X-Request-Id identifies it in the logs'));
  };
}

function frameworkAnswer(error: unknown, render: ErrorHandlerOptions['renderProblem']): HttpAnswer | undefined {
  if (error instanceof HttpProblem) return { status: error.status, body: render(error.status, error.message) };
  const candidate = error as FrameworkError | null;
  if (!candidate || typeof candidate !== 'object') return undefined;
  const status = candidate.status ?? candidate.statusCode;
  switch (candidate.type) {
    case 'entity.too.large':
      return problem(413, `request body is larger than the limit of ${formatBytes(candidate.limit)}`, render);
    case 'entity.parse.failed':
      return problem(400, `request body is not valid JSON: ${candidate.message}`, render);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problem(415, candidate.message, render);
  }
  if (status && status >= 400 && status < 500 && candidate.expose !== false) return problem(status, candidate.message, render);
  return undefined;
}

const problem = (status: number, message: string, render: ErrorHandlerOptions['renderProblem']): HttpAnswer => ({
  status,
  body: render(status, message),
});

function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'the configured size';
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
