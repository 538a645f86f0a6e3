import { errorHandler, type HttpAnswer, type Logger } from '@workspace/service-kit';
import { AppError, type ErrorCode } from '../domain/app-error.js';

const STATUS: Record<ErrorCode, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

// The spec shows plain text for login failures and the `configurations` wrapper for collisions;
// every other problem is JSON `{"message": ...}`.
function mapError(error: unknown): HttpAnswer | undefined {
  if (!(error instanceof AppError)) return undefined;
  const status = STATUS[error.code];
  if (error.code === 'UNAUTHORIZED') return { status, body: 'Unauthorized' };
  if (error.code === 'CONFLICT') return { status, body: { configurations: error.details?.configurations ?? [] } };
  return { status, body: { message: error.message } };
}

export const configStoreErrorHandler = (logger: Logger) =>
  errorHandler({ mapError, renderProblem: (_status, message) => ({ message }), logger });
