import { errorHandler, type HttpAnswer, type Logger } from '@workspace/service-kit';
import { TranslatorError, type TranslatorErrorCode } from '../domain/translator-error.js';
import { EngineError, type EngineErrorCode } from '../engine/engine-error.js';

const STATUS: Record<TranslatorErrorCode, number> = {
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  QUOTA_EXCEEDED: 456,
  UNAVAILABLE: 503,
};

// Engine trouble that a retry can cure is 503 (deepl-node retries it with backoff); a pair the engine
// cannot serve is the caller's 400; an upstream's refusal keeps its meaning.
const ENGINE_STATUS: Record<EngineErrorCode, number> = {
  UNSUPPORTED_PAIR: 400,
  TIMEOUT: 503,
  RESTARTED: 503,
  EXITED: 503,
  CLOSED: 503,
  UNAVAILABLE: 503,
  OVERLOADED: 429,
  ABORTED: 499,
  UPSTREAM_REJECTED: 502,
};

function mapError(error: unknown): HttpAnswer | undefined {
  if (error instanceof TranslatorError) {
    return {
      status: STATUS[error.code],
      body: error.detail === undefined ? { message: error.message } : { message: error.message, detail: error.detail },
    };
  }
  if (error instanceof EngineError) {
    const status = error.code === 'UPSTREAM_REJECTED' && error.upstreamStatus ? error.upstreamStatus : ENGINE_STATUS[error.code];
    const message = status === 503 ? `Translation engine temporarily unavailable (${error.message}); retry shortly.` : error.message;
    return { status, body: { message } };
  }
  return undefined;
}

export function translatorErrorHandler(logger: Logger) {
  const handle = errorHandler({ mapError, renderProblem: (_status, message) => ({ message }), logger });
  return ((error, req, res, next) => {
    const retryAfter =
      error instanceof TranslatorError
        ? error.retryAfterSeconds
        : error instanceof EngineError && error.code !== 'UNSUPPORTED_PAIR'
          ? 1
          : undefined;
    if (retryAfter !== undefined && !res.headersSent) res.setHeader('Retry-After', String(retryAfter));
    if (error instanceof EngineError && error.code !== 'UNSUPPORTED_PAIR' && error.code !== 'ABORTED') {
      logger.warn({ err: error, reqId: req.id }, 'translation engine failed');
    }
    handle(error, req, res, next);
  }) as ReturnType<typeof errorHandler>;
}
