import type { Configuration } from '@workspace/contracts';

export type ErrorCode = 'INVALID' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { configurations?: Configuration[] },
  ) {
    super(message);
  }
}
