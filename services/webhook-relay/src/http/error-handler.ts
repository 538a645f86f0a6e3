import type { RelayErrorCode as ContractErrorCode } from '@workspace/contracts';
import { errorHandler, type HttpAnswer, type Logger } from '@workspace/service-kit';
import { describeCollision, uniqueViolationOf } from '../db/unique-violation.js';
import { RelayError, type RelayErrorCode } from '../domain/relay-error.js';

const STATUS: Record<RelayErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  expired: 410,
  conflict: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

// Problems raised outside our domain code (body parser, framework, outages) get a code from their status;
// only codes the contract declares (RELAY_ERROR_CODES), so clients can switch on every one they see.
const CODE_BY_STATUS: Record<number, ContractErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'expired',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  503: 'unavailable',
  500: 'internal',
};

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

const mapError =
  (logger: Logger) =>
  (error: unknown): HttpAnswer | undefined => {
    if (error instanceof RelayError) return { status: STATUS[error.code], body: errorBody(error.code, error.message) };
    // Two requests that both passed a create's existence check: the unique index lets one insert, the other is a conflict.
    const collision = uniqueViolationOf(error);
    if (!collision) return undefined;
    logger.warn({ err: error, constraint: collision.constraint }, 'a unique index refused a write; answered 409');
    return { status: STATUS.conflict, body: errorBody('conflict', describeCollision(collision)) };
  };

/** Every error answers `{"error": {"code", "message"}}`, never a stack trace. */
export const relayErrorHandler = (logger: Logger) =>
  errorHandler({
    mapError: mapError(logger),
    renderProblem: (status, message) => errorBody(CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_request'), message),
    logger,
  });
